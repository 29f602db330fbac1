"""The narrated EPUB (-o book.epub): EPUB 3 with Media Overlays; narrate.episode.epub.book is the step."""

"""Text: a file becomes a Document (readers), a Document becomes a Script of speakable chunks
(normalisation, sentences, lexicon). Pure functions; nothing here knows audio."""

"""Fetching from the web: pages for `narrate URL`, feeds and OPML for `narrate subscribe`.

Sits above narrate.text (a fetched page goes to the HTML reader) and below narrate.episode;
nothing here synthesises or writes audio. Every failure is a FetchError of one line.
"""

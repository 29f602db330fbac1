"""Publishing: the episodes of a folder as a podcast feed, a web page and an HTTP server."""

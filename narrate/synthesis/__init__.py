"""Synthesis: an engine run over a Script by a worker pool, with a content-addressed segment cache."""

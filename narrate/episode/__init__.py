"""Episode: the orchestrator (read, script, synthesise, encode, tag) and what an episode is made of:
formats, tags, chapters and cues, cover, transcripts and other sidecars, the manifest."""

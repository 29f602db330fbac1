"""Hands-off narration: follow feeds and URL lists (`narrate subscribe`), watch a folder
(`narrate watch`). Sits at the level of narrate.run: it builds batch jobs (narrate.run.batch),
fetches with narrate.fetch and rewrites the folder's podcast feed (narrate.publish.feed).
"""

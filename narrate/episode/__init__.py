"""Episode: the orchestrator and what an episode is made of.

Public API:
- `narrate_file`, `prepare`, `render` (pipeline): a document to an episode, callable from Python;
- `NarrateOptions` (options): every option, as the CLI names it;
- `produce_episode` (produce): the orchestrator's steps; `renderer_for` (rendering): the two
  ways audio is made (MP3 blocks, one stream); concurrency: what runs beside what;
- formats are narrate.audio's; tags, timeline (chapters, cues), cover, transcript and other
  sidecars, manifest and planning (loudness plans and the run's PlanMemory) are modules here.
"""

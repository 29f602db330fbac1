"""Exact timing with known durations: no engine involved."""

from narrate.model import Chunk, ChunkKind
from narrate.episode.timeline import MIN_CHAPTER_SECONDS, part_title, plan_chapters, plan_cues, start_times


def chunk(display, paragraph, starts, chapter=None, kind=ChunkKind.TEXT):
    return Chunk(text=display, display=display, kind=kind, pause_after=0.5,
                 paragraph=paragraph, starts_paragraph=starts, chapter=chapter)


def test_start_times_accumulate_speech_and_pauses():
    assert start_times([1.0, 2.0, 3.0], [0.5, 0.25, 0.0]) == [0.0, 1.5, 3.75]


def test_chapters_at_paragraphs_no_closer_than_the_minimum():
    chunks = [chunk("Title", -1, True, chapter="Title", kind=ChunkKind.TITLE)]
    chunks += [chunk(f"Paragraph {i} begins here with words", i, True) for i in range(10)]
    speech = [2.0] + [9.5] * 10
    starts = start_times(speech, [0.5] * 11)
    total = starts[-1] + speech[-1] + 0.5
    chapters = plan_chapters(chunks, starts, total, min_seconds=30)
    assert chapters[0].title == "Title" and chapters[0].start == 0
    gaps = [b.start - a.start for a, b in zip(chapters, chapters[1:])]
    assert all(gap >= 30 for gap in gaps)
    assert all(a.end == b.start for a, b in zip(chapters, chapters[1:]))
    assert chapters[-1].end == total
    assert {c.start for c in chapters} <= set(starts)


def test_no_stub_chapter_at_the_end_of_a_short_story():
    """A 48-second wire story: the paragraph at 37.5 s would open a chapter of its own with 8 s
    before the last one; a chapter there is a stub, so there is none. Control: the same story
    with two more paragraphs gets it."""
    def story(paragraphs):
        chunks = [chunk("Title", -1, True, chapter="Title", kind=ChunkKind.TITLE)]
        chunks += [chunk(f"Paragraph {i} begins here", i, True) for i in range(paragraphs)]
        starts = start_times([4.0] + [7.5] * paragraphs, [0.7] * (paragraphs + 1))
        return plan_chapters(chunks, starts, starts[-1] + 8, min_seconds=30)

    assert [c.title for c in story(6)] == ["Title"]
    assert [c.title for c in story(8)] == ["Title", "Part 2"]  # at 37.5 s


def test_mid_paragraph_chunks_never_open_chapters():
    chunks = [chunk("A starts", 0, True)] + [chunk("continues", 0, False) for _ in range(10)]
    starts = start_times([20.0] * 11, [0.0] * 11)
    assert len(plan_chapters(chunks, starts, 220.0)) == 1


def test_cues_follow_the_segments_exactly():
    chunks = [chunk("a", 0, True), chunk("b", 0, False)]
    starts = start_times([1.25, 2.0], [0.5, 0.7])
    cues = plan_cues(chunks, starts, [1.25, 2.0])
    assert [(c.start, c.end, c.text) for c in cues] == [(0.0, 1.25, "a"), (1.75, 3.75, "b")]


def test_parts_are_numbered_never_named_by_their_first_words():
    """A chapter list of cut-off sentences ("It was a bright cold day...") reads like headings
    the document does not have."""
    chunks = [chunk("Title", -1, True, chapter="Title", kind=ChunkKind.TITLE)]
    chunks += [chunk(f"Paragraph {i} begins here", i, True) for i in range(30)]
    starts = start_times([4.0] + [40.0] * 30, [0.7] * 31)
    chapters = plan_chapters(chunks, starts, starts[-1] + 41)
    assert [c.title for c in chapters] == ["Title", "Part 2", "Part 3", "Part 4"]
    assert all(b.start - a.start >= MIN_CHAPTER_SECONDS for a, b in zip(chapters, chapters[1:]))
    assert part_title(7) == "Part 7"


def test_headings_alone_chapter_a_structured_document():
    chunks = [chunk("Book", -1, True, chapter="Book", kind=ChunkKind.TITLE),
              chunk("Chapter 1", 0, True, chapter="Chapter 1", kind=ChunkKind.HEADING)]
    chunks += [chunk(f"Paragraph {i}", i, True) for i in range(6)]
    chunks += [chunk("Chapter 2", 6, True, chapter="Chapter 2", kind=ChunkKind.HEADING),
               chunk("Last paragraph", 6, True)]
    starts = start_times([2.0, 1.0] + [40.0] * 6 + [1.0, 40.0], [0.5] * 10)
    chapters = plan_chapters(chunks, starts, starts[-1] + 40.5)
    # the heading right after the title takes over its chapter; no paragraph chapters
    assert [(c.title, c.start) for c in chapters] == [("Chapter 1", 0.0), ("Chapter 2", starts[8])]


def test_cue_ends_never_pass_the_next_start_by_rounding():
    chunks = [chunk("a", 0, True), chunk("b", 0, False)]
    # 0.1 + 0.2 is 0.30000000000000004 in floating point
    cues = plan_cues(chunks, [0.1, 0.3], [0.2, 1.0])
    assert cues[0].end == 0.3 == cues[1].start


def test_a_document_without_headings_is_cut_where_inspect_cut_it():
    """The 30-second cuts are decided on the estimated times (what `narrate inspect` shows),
    so the file gets the same chapters when the engine speaks faster or slower."""
    chunks = [chunk("Title", -1, True, chapter="Title", kind=ChunkKind.TITLE)]
    chunks += [chunk(f"Paragraph {i} begins here with words", i, True) for i in range(12)]
    estimated = start_times([2.0] + [9.5] * 12, [0.5] * 13)
    for pace in (0.7, 1.0, 1.45):
        real = start_times([2.0 * pace] + [9.5 * pace] * 12, [0.5] * 13)
        chapters = plan_chapters(chunks, real, real[-1] + 10, planned=estimated)
        inspected = plan_chapters(chunks, estimated, estimated[-1] + 10)
        assert [c.title for c in chapters] == [c.title for c in inspected]
        assert {c.start for c in chapters} <= set(real)

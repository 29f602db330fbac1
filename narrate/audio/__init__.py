"""Audio: PCM, pauses, loudness, encoders, MP3 blocks and joining. Knows nothing of TTS."""

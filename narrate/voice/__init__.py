"""Voices: presets users can read (voices/*.toml) and the engines that speak them (a registry)."""

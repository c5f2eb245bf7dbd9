"""The card room: a Discord bot for card and domino games played for chips."""

__version__ = "0.1.0"
"""The release (semantic versioning; CHANGELOG.md says what each one changed). pyproject.toml
reads it from here, so `cardroom --version` and the package's metadata always agree."""

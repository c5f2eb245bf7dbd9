"""Michigan Rummy: the Tripoley board reads the variant's mat from the view, so it is shared."""

from .tripoley import board_scene

__all__ = ["board_scene"]

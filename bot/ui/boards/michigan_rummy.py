"""Michigan Rummy board: the Tripoley board reads the variant's mat from the view, so it is shared."""

from .tripoley import hand_text, table_fields

__all__ = ["hand_text", "table_fields"]

"""Michigan Rummy board: the Tripoley board reads the variant's mat from the view, so it is shared."""

from .tripoley import hand_groups, hand_text, image_labels, summary_title, table_fields

__all__ = ["hand_groups", "hand_text", "image_labels", "summary_title", "table_fields"]

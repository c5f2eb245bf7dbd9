"""The JSON text saved for states, actions and events."""

import json

from hypothesis import given
from hypothesis import strategies as st

from storage.tables import to_json

values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                      lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                      max_leaves=20)


@given(values)
def test_saved_text_reads_back_as_what_was_saved(value: object) -> None:
    """Integers beyond 64 bits too (orjson refuses them; the standard library writes them)."""
    assert json.loads(to_json(value)) == value


def test_the_text_is_compact_and_keeps_every_language_readable() -> None:
    assert to_json({"name": "あかね", "chips": [1, 2**70]}) == '{"name":"あかね","chips":[1,1180591620717411303424]}'

"""Stamps are the stored text of every time (deadlines are compared as text in SQL)."""

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from bot.clock import parse_stamp, stamp

times = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2200, 1, 1),
                     timezones=st.sampled_from([UTC, timezone(timedelta(hours=9)), timezone(timedelta(hours=-5))]))


@given(times)
def test_a_stamp_is_utc_with_microseconds_and_reads_back(when: datetime) -> None:
    text = stamp(when)
    assert text == when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    assert parse_stamp(text) == when


@given(times, times)
def test_stamps_sort_as_the_times_they_stand_for(a: datetime, b: datetime) -> None:
    assert (stamp(a) < stamp(b)) == (a < b)

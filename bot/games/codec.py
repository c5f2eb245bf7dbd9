"""The one codec of the engines: actions, states and their parts to and from JSON (and, for
actions, the short text of a Discord control), driven by their declared, typed fields.

A value's type says how it is written: cards and tiles as their notation (`QH#1`, `[6|3]`),
enums as their value, tuples, lists and sets as lists, dataclasses as objects of their fields,
dicts with int keys as objects with the keys written out. A converter is built once per type.

Decoding checks every value against its type, so a malformed action is refused where it enters
(`MalformedAction`), never a crash later or a fractional chip on the table: an `int` must be a
whole number (not a bool, not 2.5, not "2") and, in an action, not negative; `Annotated[int,
Range(lo, hi)]` narrows that.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from .errors import MalformedAction
from .messages import msg

Json = Any
"""A JSON-safe value: None, bool, int, float, str, lists and str-keyed dicts of those."""


class CodecError(ValueError):
    """A value that does not fit its declared type."""


@dataclass(frozen=True, slots=True)
class Range:
    """Bounds of an `Annotated[int, Range(lo, hi)]` field (both inclusive; hi None = no top)."""

    lo: int = 0
    hi: int | None = None


@dataclass(frozen=True, slots=True)
class Via:
    """`Annotated[T, Via(encode, decode)]`: a value written through these two functions, for a
    compact in-memory form with a readable JSON one (Bourré's int card ids as card notation)."""

    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Pairs:
    """`Annotated[dict[K, V], Pairs()]`: a dict written as a list of `[key, value]` pairs in its
    order (the layout Tripoley's saved states have always used for its mat and bets)."""


ACTION_INT = Range(0, 10**12)
"""What a plain `int` field of an action may hold: a count, an index or a chip amount."""


class Parsed(Protocol):
    """A value class written as its text (Card, Tile, Arrangement)."""

    @classmethod
    def parse(cls, text: str) -> Any: ...


@dataclass(frozen=True, slots=True)
class Converter:
    """How one type is written: to JSON, from JSON, and from the text of a control."""

    encode: Callable[[Any], Json]
    decode: Callable[[Json], Any]
    from_text: Callable[[str], Json]
    to_text: Callable[[Any], str]


def _identity(value: Any) -> Any:
    return value


def _fail(what: str, value: Any) -> CodecError:
    return CodecError(f"expected {what}, got {value!r}")


def _int_checker(bounds: Range | None) -> Callable[[Json], int]:
    def decode(value: Json) -> int:
        if type(value) is not int:
            raise _fail("a whole number", value)
        if bounds is not None and (value < bounds.lo or (bounds.hi is not None and value > bounds.hi)):
            top = "" if bounds.hi is None else f" to {bounds.hi}"
            raise CodecError(f"expected a whole number from {bounds.lo}{top}, got {value!r}")
        return value
    return decode


def _int_from_text(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise _fail("a whole number", text) from None


def _bool_from_text(text: str) -> bool:
    if text not in ("t", "f"):
        raise _fail("t or f", text)
    return text == "t"


def _typed(kind: type, what: str) -> Callable[[Json], Any]:
    def decode(value: Json) -> Any:
        if type(value) is not kind:
            raise _fail(what, value)
        return value
    return decode


def _float(value: Json) -> float:
    if type(value) not in (int, float):
        raise _fail("a number", value)
    return float(value)


def _parsed(cls: type[Parsed]) -> Callable[[Json], Any]:
    def decode(value: Json) -> Any:
        if not isinstance(value, str):
            raise _fail(cls.__name__, value)
        try:
            return cls.parse(value)
        except ValueError as exc:
            raise CodecError(str(exc)) from None
    return decode


def _checked(decode: Callable[[Json], Any]) -> Callable[[Json], Any]:
    def run(value: Json) -> Any:
        try:
            return decode(value)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise _fail("a value this field can hold", value) from None
    return run


def _enum(cls: type[enum.Enum]) -> Callable[[Json], Any]:
    def decode(value: Json) -> Any:
        try:
            return cls(value)
        except ValueError:
            raise _fail(f"one of {[m.value for m in cls]}", value) from None
    return decode


def _literal(choices: tuple[Any, ...]) -> Callable[[Json], Any]:
    def decode(value: Json) -> Any:
        for choice in choices:
            if value == choice and type(value) is type(choice):
                return choice
        raise _fail(f"one of {list(choices)}", value)
    return decode


def _sequence(item: Converter, build: Callable[[list[Any]], Any]) -> Callable[[Json], Any]:
    decode = item.decode

    def run(value: Json) -> Any:
        if not isinstance(value, list):
            raise _fail("a list", value)
        return build([decode(v) for v in value])
    return run


def _fixed_tuple(items: Sequence[Converter]) -> Callable[[Json], Any]:
    def run(value: Json) -> Any:
        if not isinstance(value, list) or len(value) != len(items):
            raise _fail(f"a list of {len(items)}", value)
        return tuple(c.decode(v) for c, v in zip(items, value))
    return run


_PRIMITIVES = (int, str, bool, float)


def _primitive_union(kinds: tuple[type, ...]) -> Converter:
    """`int | str` and the like: written as they are, checked to be one of them."""
    def decode(value: Json) -> Any:
        if type(value) not in kinds:
            raise _fail(" or ".join(k.__name__ for k in kinds), value)
        return value
    return Converter(_identity, decode, lambda t: t, str)  # never in an action


def _text_list(item: Converter) -> Callable[[str], Json]:
    return lambda text: [item.from_text(t) for t in text.split("+") if t]


def _optional(inner: Converter) -> Converter:
    return Converter(
        lambda v: None if v is None else inner.encode(v),
        lambda v: None if v is None else inner.decode(v),
        lambda t: None if t == "~" else inner.from_text(t),
        lambda v: "~" if v is None else inner.to_text(v))


def converter(hint: Any, bounds: Range | None = None) -> Converter:
    """The converter of a type hint. `bounds` applies to a plain int (actions pass ACTION_INT)."""
    return _converter(hint, bounds)


@lru_cache(maxsize=1024)   # one entry per declared type: the codec's types are few
def _converter(hint: Any, bounds: Range | None) -> Converter:
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return _annotated(hint, bounds)
    if origin in (typing.Union, types.UnionType):
        return _union(hint, bounds)
    if origin is typing.Literal:
        return Converter(_identity, _literal(typing.get_args(hint)), lambda t: t, str)
    if origin is tuple and not _variadic(hint):
        return _fixed(typing.get_args(hint), bounds)
    if origin in (tuple, list, set, frozenset):
        return _collection(origin, converter(typing.get_args(hint)[0], bounds))
    if origin is dict:
        key_type, value_type = typing.get_args(hint)
        return _dict(converter(key_type), converter(value_type, bounds), key_type)
    if hint is Any or hint is object:
        return Converter(_identity, _identity, lambda t: t, str)
    if not isinstance(hint, type):
        raise TypeError(f"no converter for {hint!r}")
    return _plain(hint, bounds)


def _annotated(hint: Any, bounds: Range | None) -> Converter:
    """`Annotated[T, Via(...)]`, `Annotated[dict, Pairs()]` or `Annotated[int, Range(...)]`."""
    via = next((a for a in hint.__metadata__ if isinstance(a, Via)), None)
    if via is not None:
        return Converter(via.encode, _checked(via.decode), lambda t: t, str)
    inner = typing.get_args(hint)[0]
    if any(isinstance(a, Pairs) for a in hint.__metadata__):
        return _pairs(inner, bounds)
    found = next((a for a in hint.__metadata__ if isinstance(a, Range)), bounds)
    return converter(inner, found)


def _union(hint: Any, bounds: Range | None) -> Converter:
    """`X | None`, or a union of primitives (`int | str`)."""
    args = typing.get_args(hint)
    rest = [a for a in args if a is not type(None)]
    if len(rest) > 1 and all(a in _PRIMITIVES for a in rest):
        inner = _primitive_union(tuple(rest))
    elif len(rest) == 1:
        inner = converter(rest[0], bounds)
    else:
        raise TypeError(f"only `X | None` and unions of int, str, bool, float are supported, not {hint}")
    return _optional(inner) if len(rest) < len(args) else inner


def _variadic(hint: Any) -> bool:
    args = typing.get_args(hint)
    return len(args) == 2 and args[1] is Ellipsis


def _fixed(args: tuple[Any, ...], bounds: Range | None) -> Converter:
    """A fixed-length tuple (`tuple[int, str]`), each item by its own converter."""
    fixed = [converter(a, bounds) for a in args]
    encoders = [c.encode for c in fixed]
    encode: Callable[[Any], Json] = list if all(e is _identity for e in encoders) else \
        (lambda v: [e(x) for e, x in zip(encoders, v)])
    return Converter(encode, _fixed_tuple(fixed),
                     lambda t: [c.from_text(x) for c, x in zip(fixed, t.split("+"))],
                     lambda v: "+".join(c.to_text(x) for c, x in zip(fixed, v)))


def _collection(origin: Any, item: Converter) -> Converter:
    """A tuple, list, set or frozenset of one item type, written as a list (sets sorted)."""
    build: Callable[[list[Any]], Any] = {tuple: tuple, list: list, set: set, frozenset: frozenset}[origin]
    enc = item.encode
    encode: Callable[[Any], Json]
    if origin in (set, frozenset):
        def encode(v: Any) -> Json:
            return [enc(x) for x in sorted(v)]
    elif enc is _identity:
        encode = list
    else:
        def encode(v: Any) -> Json:
            return [enc(x) for x in v]
    return Converter(encode, _sequence(item, build), _text_list(item),
                     lambda v: "+".join(item.to_text(x) for x in v))


def _plain(hint: type, bounds: Range | None) -> Converter:
    """A class: a primitive, an enum, a TypedDict, a value written as text, or a dataclass."""
    if hint is bool:
        return Converter(_identity, _typed(bool, "true or false"), _bool_from_text,
                         lambda v: "t" if v else "f")
    if hint is int:
        return Converter(_identity, _int_checker(bounds), _int_from_text, str)
    if hint is str:
        return Converter(_identity, _typed(str, "text"), lambda t: t, str)
    if hint is float:
        return Converter(_identity, _float, float, str)
    if issubclass(hint, enum.Enum):
        return Converter(lambda v: v.value, _enum(hint), lambda t: t, lambda v: str(v.value))
    if typing.is_typeddict(hint):
        return Converter(_identity, _typed(dict, "an object"), lambda t: t, str)
    if callable(getattr(hint, "parse", None)):  # before dataclasses: a Card is written as text
        return Converter(str, _parsed(typing.cast(type[Parsed], hint)), lambda t: t, str)
    if dataclasses.is_dataclass(hint):
        return _record(hint, bounds)
    raise TypeError(f"no converter for {hint!r}")


def _dict(key: Converter, value: Converter, key_type: Any) -> Converter:
    int_keys = key_type is int
    venc, vdec = value.encode, value.decode

    def encode(d: Mapping[Any, Any]) -> Json:
        return {str(k) if int_keys else key.encode(k): venc(v) for k, v in d.items()}

    def decode(d: Json) -> Any:
        if not isinstance(d, dict):
            raise _fail("an object", d)
        if int_keys:
            try:
                return {int(k): vdec(v) for k, v in d.items()}
            except ValueError:
                raise _fail("whole-number keys", list(d)) from None
        return {key.decode(k): vdec(v) for k, v in d.items()}
    return Converter(encode, decode, lambda t: t, str)


def _pairs(hint: Any, bounds: Range | None) -> Converter:
    """A dict as a list of [key, value] pairs (`Pairs`)."""
    key_type, value_type = typing.get_args(hint)
    key, value = converter(key_type), converter(value_type, bounds)
    kenc, venc, kdec, vdec = key.encode, value.encode, key.decode, value.decode

    def encode(d: Mapping[Any, Any]) -> Json:
        return [[kenc(k), venc(v)] for k, v in d.items()]

    def decode(pairs: Json) -> Any:
        if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise _fail("a list of [key, value] pairs", pairs)
        return {kdec(k): vdec(v) for k, v in pairs}
    return Converter(encode, decode, lambda t: t, str)


@lru_cache(maxsize=256)
def _hints(cls: type) -> dict[str, Any]:
    """A dataclass's field types (evaluating them is slow, and every control's id needs them)."""
    return typing.get_type_hints(cls, include_extras=True)


def _record(cls: type, bounds: Range | None) -> Converter:
    """A dataclass as an object of its fields (missing fields take their defaults)."""
    hints = _hints(cls)
    fields = [(f.name, converter(hints[f.name], bounds),
               f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)
              for f in dataclasses.fields(cls) if f.init]

    encode_fields = _fields_encoder(cls, [(name, conv.encode) for name, conv, _ in fields])
    encode = _memoised(encode_fields) if _flat_and_frozen(cls, hints) else encode_fields

    def decode(data: Json) -> Any:
        if not isinstance(data, dict):
            raise _fail(f"an object for {cls.__name__}", data)
        kwargs = {}
        for name, conv, optional in fields:
            if name in data:
                kwargs[name] = conv.decode(data[name])
            elif not optional:
                raise CodecError(f"{cls.__name__} needs {name!r}")
        return cls(**kwargs)
    return Converter(encode, decode, lambda t: t, str)


def _fields_encoder(cls: type, fields: Sequence[tuple[str, Callable[[Any], Json]]]) -> Callable[[Any], Json]:
    """`{name: encode(value.name), …}` written out as one function, as `dataclasses` writes
    `__init__`: a state is encoded on every save, and reading each field through a loop of
    converters cost several times the encoding itself. Plain values are taken as they are."""
    names = {f"e{i}": enc for i, (_, enc) in enumerate(fields) if enc is not _identity}
    items = ", ".join(f"{name!r}: v.{name}" if enc is _identity else f"{name!r}: e{i}(v.{name})"
                      for i, (name, enc) in enumerate(fields))
    scope: dict[str, Any] = {}
    exec(f"def encode_{cls.__name__}(v):\n    return {{{items}}}\n", names, scope)
    encode: Callable[[Any], Json] = scope[f"encode_{cls.__name__}"]
    return encode


def _scalar(hint: Any) -> bool:
    """A type whose values never change: a number, text, a flag, a literal or an enum (or none)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        return _scalar(args[0])
    if origin in (typing.Union, types.UnionType):
        return all(a is type(None) or _scalar(a) for a in args)
    return origin is typing.Literal or hint in _PRIMITIVES or (isinstance(hint, type) and issubclass(hint, enum.Enum))


def _flat_and_frozen(cls: type, hints: Mapping[str, Any]) -> bool:
    """A frozen record of scalars (a game's options): its JSON is fixed once it exists."""
    params = getattr(cls, "__dataclass_params__", None)
    return bool(params is not None and params.frozen
                and all(_scalar(hints[f.name]) for f in dataclasses.fields(cls) if f.init))


MEMO_SIZE = 1024


def _memoised(encode: Callable[[Any], Json]) -> Callable[[Any], Json]:
    """`encode` remembered by value, for values that cannot change (a game's options are
    written into every save of the game); callers get a copy they may extend."""
    remembered = lru_cache(maxsize=MEMO_SIZE)(encode)

    def copied(value: Any) -> Json:
        out = remembered(value)
        assert isinstance(out, dict)
        return dict(out)
    return copied


# --- actions ----------------------------------------------------------------------------------

def action_to_dict(action: Any) -> dict[str, Json]:
    """An action as JSON: its kind and its fields."""
    cls: type = type(action)
    return {"kind": action.kind, **_action_encoder(cls)(action)}


@lru_cache(maxsize=256)
def _action_encoder(cls: type) -> Callable[[Any], Json]:
    """An action class's encoder, looked up once: every move is recorded as JSON."""
    return converter(cls, ACTION_INT).encode


def _action_class(action_types: Sequence[type], kind: Any) -> type:
    for cls in action_types:
        if getattr(cls, "kind", None) == kind:
            return cls
    raise MalformedAction(msg("err.codec.unknown_kind"), f"unknown action kind {kind!r}")


def action_from_dict(action_types: Sequence[type], data: Mapping[str, Json]) -> Any:
    """The inverse of `action_to_dict`, for one game's action types; every field checked."""
    cls = _action_class(action_types, data.get("kind"))
    try:
        return converter(cls, ACTION_INT).decode(dict(data))
    except (CodecError, TypeError, ValueError) as exc:
        raise MalformedAction(msg("err.codec.invalid"), f"{data.get('kind')}: {exc}") from None


def action_to_text(action: Any) -> str:
    """The action's fields for a control's id: comma-separated, a tuple's items joined by '+',
    `t`/`f` for booleans and `~` for none."""
    hints = _hints(action.__class__)
    return ",".join(converter(hints[f.name], ACTION_INT).to_text(getattr(action, f.name))
                    for f in dataclasses.fields(action))


def action_from_text(action_types: Sequence[type], kind: str, text: str | None) -> Any:
    """The inverse of `action_to_text`: MalformedAction when the text does not fit the kind."""
    cls = _action_class(action_types, kind)
    fields = dataclasses.fields(cls)
    parts = text.split(",") if text is not None else []
    if len(parts) != len(fields):
        raise MalformedAction(msg("err.codec.invalid"), f"{kind} takes {len(fields)} values, got {len(parts)}")
    hints = _hints(cls)
    data: dict[str, Json] = {"kind": kind}
    try:
        for f, part in zip(fields, parts):
            data[f.name] = converter(hints[f.name], ACTION_INT).from_text(part)
    except CodecError as exc:
        raise MalformedAction(msg("err.codec.invalid"), f"{kind}: {exc}") from None
    return action_from_dict(action_types, data)


# --- states -----------------------------------------------------------------------------------

S = TypeVar("S")
Upgrade = Callable[[dict[str, Json]], dict[str, Json]]


def renamed(old: str, new: str) -> Upgrade:
    """An upgrade for a state field saved under another name."""
    def upgrade(data: dict[str, Json]) -> dict[str, Json]:
        out = {new if k == old else k: v for k, v in data.items()}
        return out
    return upgrade


@dataclass(frozen=True)
class StateCodec:
    """A game state's JSON: its declared fields plus `"format": version`.

    `upgrades[n]` turns format n into n + 1, so a state saved by any older release loads.
    """

    version: int
    upgrades: Mapping[int, Upgrade] = dataclasses.field(default_factory=dict)

    def dump(self, state: object) -> dict[str, Json]:
        out: dict[str, Json] = {"format": self.version, **converter(type(state)).encode(state)}
        return out

    def load(self, cls: type[S], data: Mapping[str, Json]) -> S:
        """The state of class `cls` (a dataclass) saved in `data`, upgraded first if older."""
        found = data.get("format")
        out = dict(data)
        while isinstance(found, int) and found < self.version and found in self.upgrades:
            out = self.upgrades[found](out)
            found += 1
        if found != self.version:
            raise ValueError(f"unknown {cls.__name__} state format {data.get('format')!r}")
        state: S = converter(cls).decode(out)
        return state

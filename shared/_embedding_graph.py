"""The embedding model's graph, edited so its int8 lookup tables stay int8 in memory.

The int8 model stores each embedding table as int8 rows and a float32 scale per row, and
builds the float32 table in the graph (``Mul(Cast(table_q), scale)``) before a ``Gather`` picks
the rows of the input's tokens. onnxruntime folds that constant sub-graph when it builds the
session, so the word table (30,522 × 384) is held as 45 MiB of float32 for a lookup that reads
a few hundred rows a run. Gathering first and scaling only the rows gathered
(``Mul(Cast(Gather(table_q)), Gather(scale))``) computes each element with the same float32
multiplication of the same two operands, so the vectors are identical, and the session keeps
the 11 MiB int8 table instead (docs/BENCHMARKS.md, "Memory of `yourai up`").

The edit works on the protobuf wire format directly: the ``onnx`` package is not a dependency,
and only node lists change; every other field is copied byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

__all__ = ["GRAPH_EDIT", "gather_before_dequantising"]

GRAPH_EDIT = 1
"""Version of the edit: a saved model made by another version is not reused."""

_INT8 = 3
"""``TensorProto.DataType`` of int8."""

# Field numbers of onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto).
_MODEL_GRAPH = 7
_GRAPH_NODE, _GRAPH_INITIALIZER = 1, 5
_NODE_INPUT, _NODE_OUTPUT, _NODE_NAME, _NODE_OP, _NODE_ATTRIBUTE = 1, 2, 3, 4, 5
_ATTRIBUTE_NAME, _ATTRIBUTE_INT = 1, 3
_TENSOR_DIMS, _TENSOR_TYPE, _TENSOR_NAME = 1, 2, 8
_LENGTH_DELIMITED = 2


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


@dataclass(frozen=True)
class _Field:
    number: int
    wire: int
    value: int | bytes
    raw: bytes
    """The field exactly as it was encoded, key included."""


def _fields(data: bytes) -> Iterator[_Field]:
    at = 0
    while at < len(data):
        start = at
        key, at = _varint(data, at)
        number, wire = key >> 3, key & 7
        value: int | bytes
        if wire == 0:
            value, at = _varint(data, at)
        elif wire == _LENGTH_DELIMITED:
            length, at = _varint(data, at)
            value, at = data[at:at + length], at + length
        elif wire in (1, 5):
            width = 8 if wire == 1 else 4
            value, at = data[at:at + width], at + width
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
        yield _Field(number, wire, value, data[start:at])


def _bytes_field(number: int, value: bytes) -> bytes:
    return _encode_varint(number << 3 | _LENGTH_DELIMITED) + _encode_varint(len(value)) + value


def _packed_or_plain_ints(f: _Field) -> list[int]:
    if isinstance(f.value, int):
        return [f.value]
    values, at = [], 0
    while at < len(f.value):
        value, at = _varint(f.value, at)
        values.append(value)
    return values


@dataclass
class _Node:
    raw: bytes
    op: str = ""
    inputs: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    axis: int = 0


def _node(raw: bytes) -> _Node:
    node = _Node(raw)
    for f in _fields(raw):
        if f.number == _NODE_INPUT and isinstance(f.value, bytes):
            node.inputs.append(f.value.decode())
        elif f.number == _NODE_OUTPUT and isinstance(f.value, bytes):
            node.outputs.append(f.value.decode())
        elif f.number == _NODE_OP and isinstance(f.value, bytes):
            node.op = f.value.decode()
        elif f.number == _NODE_ATTRIBUTE and isinstance(f.value, bytes):
            attribute = {a.number: a.value for a in _fields(f.value)}
            if attribute.get(_ATTRIBUTE_NAME) == b"axis":
                axis = attribute.get(_ATTRIBUTE_INT, 0)
                node.axis = axis if isinstance(axis, int) else -1
    return node


def _encode_node(op: str, inputs: list[str], outputs: list[str], name: str,
                 extra: bytes = b"") -> bytes:
    return (b"".join(_bytes_field(_NODE_INPUT, i.encode()) for i in inputs)
            + b"".join(_bytes_field(_NODE_OUTPUT, o.encode()) for o in outputs)
            + _bytes_field(_NODE_NAME, name.encode()) + _bytes_field(_NODE_OP, op.encode())
            + extra)


def _tensor_shapes(graph: bytes) -> dict[str, tuple[int, list[int]]]:
    """Each initializer's data type and dimensions, by name."""
    shapes: dict[str, tuple[int, list[int]]] = {}
    for f in _fields(graph):
        if f.number != _GRAPH_INITIALIZER or not isinstance(f.value, bytes):
            continue
        dims: list[int] = []
        kind, name = 0, ""
        for t in _fields(f.value):
            if t.number == _TENSOR_DIMS:
                dims.extend(_packed_or_plain_ints(t))
            elif t.number == _TENSOR_TYPE and isinstance(t.value, int):
                kind = t.value
            elif t.number == _TENSOR_NAME and isinstance(t.value, bytes):
                name = t.value.decode()
        shapes[name] = (kind, dims)
    return shapes


def _cast_attributes(raw: bytes) -> bytes:
    """The attributes of a ``Cast`` node (its target type), encoded as they were."""
    return b"".join(f.raw for f in _fields(raw) if f.number == _NODE_ATTRIBUTE)


def _rewrite_graph(graph: bytes) -> tuple[bytes, int]:
    """The graph with every per-row dequantised table gathered first, and how many were."""
    shapes = _tensor_shapes(graph)
    nodes = [(_node(f.value), f) if f.number == _GRAPH_NODE and isinstance(f.value, bytes)
             else (None, f) for f in _fields(graph)]
    producers = {o: n for n, _ in nodes if n for o in n.outputs}
    uses: dict[str, int] = {}
    for n, _ in nodes:
        for i in n.inputs if n else ():
            uses[i] = uses.get(i, 0) + 1
    dropped: set[int] = set()
    replaced: dict[int, bytes] = {}
    for gather, _ in nodes:
        if gather is None or gather.op != "Gather" or gather.axis != 0:
            continue
        mul = producers.get(gather.inputs[0])
        if mul is None or mul.op != "Mul" or uses.get(mul.outputs[0]) != 1:
            continue
        cast = producers.get(mul.inputs[0])
        scale = shapes.get(mul.inputs[1])
        if cast is None or cast.op != "Cast" or uses.get(cast.outputs[0]) != 1:
            continue
        table = shapes.get(cast.inputs[0])
        if (table is None or table[0] != _INT8 or scale is None or len(table[1]) != 2
                or scale[1] != [table[1][0], 1]):
            continue
        rows, out = gather.inputs[1], gather.outputs[0]
        prefix = f"{out}/gathered"
        replaced[id(gather)] = b"".join(_bytes_field(_GRAPH_NODE, node) for node in (
            _encode_node("Gather", [cast.inputs[0], rows], [f"{prefix}_q"], f"{prefix}_q"),
            _encode_node("Gather", [mul.inputs[1], rows], [f"{prefix}_scale"],
                         f"{prefix}_scale"),
            _encode_node("Cast", [f"{prefix}_q"], [f"{prefix}_f"], f"{prefix}_f",
                         _cast_attributes(cast.raw)),
            _encode_node("Mul", [f"{prefix}_f", f"{prefix}_scale"], [out], prefix)))
        dropped.update((id(cast), id(mul)))
    out_graph = bytearray()
    for n, f in nodes:
        if n is not None and id(n) in dropped:
            continue
        out_graph += replaced.get(id(n), f.raw) if n is not None else f.raw
    return bytes(out_graph), len(replaced)


def gather_before_dequantising(model: bytes) -> tuple[bytes, int]:
    """``model`` (a serialised ONNX ``ModelProto``) with each int8 table that is scaled per row
    and then gathered rewritten to gather its int8 rows first; and how many tables were.

    A model without such a table comes back unchanged, with 0.
    """
    out = bytearray()
    count = 0
    for f in _fields(model):
        if f.number == _MODEL_GRAPH and isinstance(f.value, bytes):
            graph, count = _rewrite_graph(f.value)
            out += _bytes_field(_MODEL_GRAPH, graph)
        else:
            out += f.raw
    return bytes(out), count

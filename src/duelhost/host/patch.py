"""What changed between two JSON values, as JSON Patch operations (RFC 6902), and applying them.

The live stream's delta frames carry the change of a recipient's view since its previous frame
(``docs/server.md``, "Delta frames"). Only three operations are made:

- ``{"op": "replace", "path": p, "value": v}``: the value at ``p`` becomes ``v`` (``p`` empty:
  the whole document);
- ``{"op": "add", "path": p, "value": v}``: a new key of an object, or ``v`` appended to an
  array when ``p`` ends in ``/-``;
- ``{"op": "remove", "path": p}``: a key of an object, or the last item of an array.

Paths are JSON Pointers (RFC 6901: ``~`` written ``~0``, ``/`` written ``~1``; array items by
their index). Arrays that grew or shrank at their end give one operation per item added or
removed; arrays of the same length are compared item by item; any other array is replaced whole.

Equal subtrees are skipped by Python's ``==``, which takes ``1``, ``1.0`` and ``True`` for equal:
a view whose value at a path turns from ``true`` to ``1`` (or back) between two frames would not
be sent. No game's view does that (a leaf compared on its own is compared with its type).
"""

from __future__ import annotations

from typing import Any

Op = dict[str, Any]


def pointer(path: str, key: str | int) -> str:
    """``path`` followed by the reference token ``key`` (escaped as RFC 6901 says)."""
    if isinstance(key, int):
        return f"{path}/{key}"
    return path + "/" + key.replace("~", "~0").replace("/", "~1")


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (an empty list when they are equal)."""
    ops: list[Op] = []
    _diff(old, new, "", ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: list[Op]) -> None:
    kind = type(new)
    if kind is dict and type(old) is dict:
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": pointer(path, key)})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": pointer(path, key), "value": value})
                continue
            before = old[key]
            if before is value or (type(before) is type(value) and before == value):
                continue
            _diff(before, value, pointer(path, key), ops)
    elif kind is list and type(old) is list:
        had, has = len(old), len(new)
        if has >= had and new[:had] == old:
            ops.extend({"op": "add", "path": path + "/-", "value": v} for v in new[had:])
        elif has < had and old[:has] == new:
            ops.extend({"op": "remove", "path": f"{path}/{i}"} for i in range(had - 1, has - 1, -1))
        elif has == had:
            for index, (before, value) in enumerate(zip(old, new, strict=True)):
                if before is value or (type(before) is type(value) and before == value):
                    continue
                _diff(before, value, f"{path}/{index}", ops)
        else:
            ops.append({"op": "replace", "path": path, "value": new})
    elif kind is not type(old) or old != new:
        ops.append({"op": "replace", "path": path, "value": new})


def _tokens(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise ValueError(f"a JSON Pointer starts with '/', got {path!r}")
    return [t.replace("~1", "/").replace("~0", "~") for t in path[1:].split("/")]


def _index(container: list[Any], token: str, path: str) -> int:
    if not token.isdigit() or int(token) >= len(container):
        raise ValueError(f"no array item {token!r} at {path!r}")
    return int(token)


def apply(doc: Any, ops: list[Op]) -> Any:
    """``doc`` with the operations applied, changed in place (the result is a new value only
    when an operation replaces the whole document). ValueError for an operation that does not
    fit ``doc``."""
    for op in ops:
        path = op["path"]
        tokens = _tokens(path)
        if not tokens:
            if op["op"] != "replace":
                raise ValueError(f"only 'replace' applies to the whole document, not {op['op']!r}")
            doc = op["value"]
            continue
        parent = doc
        for token in tokens[:-1]:
            if isinstance(parent, list):
                parent = parent[_index(parent, token, path)]
            elif isinstance(parent, dict) and token in parent:
                parent = parent[token]
            else:
                raise ValueError(f"no value at {path!r}")
        if isinstance(parent, dict):
            _in_object(parent, op, tokens[-1])
        elif isinstance(parent, list):
            _in_array(parent, op, tokens[-1])
        else:
            raise ValueError(f"no object or array holds {path!r}")
    return doc


def _in_object(parent: dict[str, Any], op: Op, last: str) -> None:
    kind, path = op["op"], op["path"]
    if kind == "add" or (kind == "replace" and last in parent):
        parent[last] = op["value"]
    elif kind == "remove" and last in parent:
        del parent[last]
    elif kind in ("replace", "remove"):
        raise ValueError(f"no value to {kind} at {path!r}")
    else:
        raise ValueError(f"unknown operation {kind!r}")


def _in_array(parent: list[Any], op: Op, last: str) -> None:
    kind, path = op["op"], op["path"]
    if kind == "add" and last == "-":
        parent.append(op["value"])
    elif kind == "replace":
        parent[_index(parent, last, path)] = op["value"]
    elif kind == "remove":
        if _index(parent, last, path) != len(parent) - 1:
            raise ValueError(f"only an array's last item is removed, not {path!r}")
        parent.pop()
    else:
        raise ValueError(f"operation {kind!r} does not apply to {path!r}")

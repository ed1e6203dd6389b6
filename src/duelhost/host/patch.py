"""What changed between two views, as JSON Patch operations (RFC 6902), and applying them.

The live stream's delta frames carry the change of a recipient's view since its previous frame
(``docs/server.md``, "Delta frames"). Views are compared key by key, and three operations are
made, on top-level keys only:

- ``{"op": "add", "path": "/key/-", "value": v}``: ``v`` appended to the array at ``key``, one
  operation per item, when the array's old items are still its first ones (a history that grew);
- ``{"op": "replace", "path": "/key", "value": v}``: any other change of the value at ``key``;
- ``{"op": "add", "path": "/key", "value": v}`` and ``{"op": "remove", "path": "/key"}``: a key
  that appeared or went.

Paths are JSON Pointers (RFC 6901: ``~`` written ``~0``, ``/`` written ``~1``). ``apply`` also
takes nested paths, array indexes and ``replace`` at the root (``""``), as RFC 6902 defines
them, so a client applies any patch of these three operations.

Values are compared with Python's ``==`` (in C, stopping at the first difference), with a
top-level value's type compared too. Inside an array or object ``==`` takes ``1``, ``1.0`` and
``true`` for equal: a value that turned from ``true`` to ``1`` there between two frames would
not be sent. No game's view does that (its values keep their types); comparing the JSON texts
instead would be exact, at the cost of encoding every view twice over.
"""

from __future__ import annotations

from typing import Any

Op = dict[str, Any]


def pointer(path: str, key: str | int) -> str:
    """``path`` followed by the reference token ``key`` (escaped as RFC 6901 says)."""
    if isinstance(key, int):
        return f"{path}/{key}"
    if "~" in key or "/" in key:
        key = key.replace("~", "~0").replace("/", "~1")
    return f"{path}/{key}"


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[Op]:
    """The operations that turn the view ``old`` into ``new`` (none when they are equal)."""
    ops: list[Op] = []
    for key in old:
        if key not in new:
            ops.append({"op": "remove", "path": pointer("", key)})
    for key, value in new.items():
        if key not in old:
            ops.append({"op": "add", "path": pointer("", key), "value": value})
            continue
        had = old[key]
        if had is value or (type(had) is type(value) and had == value):
            continue
        if type(value) is list and type(had) is list and len(value) > len(had):
            count = len(had)
            if value[:count] == had:
                path = pointer("", key) + "/-"
                ops.extend({"op": "add", "path": path, "value": item} for item in value[count:])
                continue
        ops.append({"op": "replace", "path": pointer("", key), "value": value})
    return ops


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
        if type(doc) is dict and _top_level(doc, op, path):
            continue
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


def _top_level(doc: dict[str, Any], op: Op, path: str) -> bool:
    """Apply ``op`` at once if it is one the server makes (a top-level key, or an item appended
    to a top-level array) on a path with nothing to unescape; False to take the general way."""
    key, slash, rest = path[1:].partition("/")
    if not path.startswith("/") or "~" in key or (slash and rest != "-"):
        return False
    kind = op["op"]
    if slash:
        target = doc.get(key)
        if kind != "add" or type(target) is not list:
            return False
        target.append(op["value"])
    elif kind == "add" or (kind == "replace" and key in doc):
        doc[key] = op["value"]
    elif kind == "remove" and key in doc:
        del doc[key]
    else:
        return False
    return True


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

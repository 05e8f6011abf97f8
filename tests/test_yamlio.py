"""Safe YAML reading with positions, hostile input, deterministic and atomic writing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model import yamlio
from model.yamlio import YamlError, atomic_write_text, dump_yaml, read_yaml, read_yaml_text


def test_positions_of_every_node_by_path() -> None:
    doc = read_yaml_text("a: 1\nb:\n  - x\n  - {c: 2}\n", "f.yaml")
    assert doc.data == {"a": 1, "b": ["x", {"c": 2}]}
    assert doc.position(("a",)) == yamlio.Position(1, 4)
    assert doc.position(("b", 1, "c")) == yamlio.Position(4, 9)
    # A path that does not exist falls back to its nearest ancestor.
    assert doc.position(("b", 1, "zzz")) == doc.position(("b", 1))
    assert doc.key_position(("b",)) == yamlio.Position(2, 1)


def test_core_schema_scalars_do_not_change_type_behind_the_designers_back() -> None:
    doc = read_yaml_text(
        "norway: NO\nyes_word: yes\non: on\ndate: 1944-06-06\nhex: 0119\n"
        "t: true\nn: null\nf: 1.5\ni: -3\nq: '7'\nh: 0x1F\n"
    )
    assert doc.data == {
        "norway": "NO",
        "yes_word": "yes",
        "on": "on",
        "date": "1944-06-06",
        "hex": "0119",
        "t": True,
        "n": None,
        "f": 1.5,
        "i": -3,
        "q": "7",
        "h": 31,
    }


def test_leading_zero_numbers_stay_text_so_hex_ids_survive() -> None:
    assert read_yaml_text("- 0534\n- 1101\n").data == ["0534", 1101]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: 1\na: 2\n", "2:1: duplicate key 'a'"),
        ("a: !!python/object:os.system x\n", "1:4: YAML tag tag:yaml.org,2002:python/object:os"),
        ("a: !custom 3\n", "1:4: YAML tag !custom is not allowed"),
        ("a: [1, 2\n", "not valid YAML"),
        ("a: 1\n---\nb: 2\n", "more than one YAML document"),
        ("? [1, 2]\n: x\n", "mapping keys must be plain text"),
        ("a: *nowhere\n", "1:4: unknown alias *nowhere"),
    ],
)
def test_refused_input_is_located_and_explained(text: str, message: str) -> None:
    with pytest.raises(YamlError) as info:
        read_yaml_text(text, "bad.yaml")
    assert message in str(info.value)
    assert str(info.value).startswith("bad.yaml:")


def test_alias_bomb_is_refused_without_expanding_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A billion laughs: line i holds ten aliases of line i-1, 10**10 values in all. Each
    alias counts its anchor's size without copying it, so reading visits each node written in
    the text at most once and stops at the first alias past the limit (line 6, a5: a million
    values past the 500,000)."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 10)}]")
    visits: list[int] = []
    count = yamlio._Builder._count

    def counted(builder: Any, event: Any, n: int) -> None:
        visits.append(n)
        count(builder, event, n)

    monkeypatch.setattr(yamlio._Builder, "_count", counted)
    with pytest.raises(YamlError, match="expands to more than") as info:
        read_yaml_text("\n".join(lines))
    written = 1 + 10 + 9 * 10  # the top mapping, a0's scalars, the aliases
    assert len(visits) <= written
    assert str(info.value).startswith("<string>:6:")


def test_moderate_aliases_are_fine() -> None:
    doc = read_yaml_text("base: &b {x: 1}\nuse: *b\n")
    assert doc.data == {"base": {"x": 1}, "use": {"x": 1}}


_ALIAS_SHAPES_FAST = [
    "a: &x [1, 2]\nb: *x\n",
    "a: &m {k: &n v, j: *n}\nb: *m\n",
    "a: &x\n  - &y 1\n  - *y\nb: [*x, *y]\n",
    'a: &s "5"\nb: *s\nc: &i 5\nd: *i\n',
    "a: &t true\nb: *t\nc: &n null\nd: *n\ne: &e\nf: *e\n",
    "a: &s 'x: y'\nb: *s\nc: &l |\n  two\n  lines\nd: *l\n",
    "a: Tom &Jerry\nb: 3 * 4\nc: [&q x, *q]\n",
    "a: {k: &r 0534}\nb: *r\nc: &f Inf\nd: [*f]\n",
]
_ALIAS_SHAPES_CAREFUL = [
    "a: &x 1\nb: *x\nc: &x 2\nd: *x\n",  # an anchor defined again: the later one counts
    "&k a: 1\nb: *k\n",  # an alias of a key: refused by the positioned reader
    "a: *x\nb: &x 1\n",  # an alias before its anchor
    "a: &x [*x]\n",  # an alias inside its own anchor (rapidyaml would copy without end)
    "a: &y [*x]\nb: &x [*y]\n",
    "a: [1, *q]\n",
]


@pytest.mark.parametrize("text", _ALIAS_SHAPES_FAST)
def test_anchors_and_aliases_take_the_fast_path_and_read_the_same(text: str) -> None:
    """Speed issue: files with anchors (the Soldiers scenarios) stay on the fast path, where
    rapidyaml copies each aliased node; the data is what the positioned reader gives."""
    fast = yamlio._fast(text)
    assert fast is not yamlio._NOT_FAST
    positioned, _ = yamlio._positioned(text, "x.yaml")
    assert repr(fast) == repr(positioned)


@pytest.mark.parametrize("text", _ALIAS_SHAPES_CAREFUL)
def test_unusual_aliases_take_the_positioned_path(text: str) -> None:
    assert yamlio._fast(text) is yamlio._NOT_FAST
    try:
        expected: object = yamlio._positioned(text, "x.yaml")[0]
    except YamlError as exc:
        expected = str(exc)
    try:
        read: object = read_yaml_text(text, "x.yaml").data
    except YamlError as exc:
        read = str(exc)
    assert read == expected


def test_an_alias_bomb_never_reaches_the_fast_paths_copying(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fast path works out what the aliases would copy before copying anything: a bomb
    (10**10 values) goes to the positioned reader, which refuses it located."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    text = "\n".join(lines)
    resolved: list[bool] = []
    original = yamlio._aliases_resolved
    monkeypatch.setattr(
        yamlio, "_aliases_resolved", lambda tree: resolved.append(original(tree)) or False
    )
    assert yamlio._fast(text) is yamlio._NOT_FAST
    assert resolved == [False]
    with pytest.raises(YamlError, match="expands to more than"):
        read_yaml_text(text)
    # Copies that more than double the tree go to the positioned reader, which shares them.
    wide = "a: &a [" + ", ".join(["x"] * 100) + "]\nb: [" + ", ".join(["*a"] * 200) + "]\n"
    assert yamlio._fast(wide) is yamlio._NOT_FAST
    assert len(read_yaml_text(wide).data["b"]) == 200


def test_the_soldiers_scenarios_with_anchors_take_the_fast_path() -> None:
    root = Path(__file__).parent.parent / "scenarios"
    anchored = [
        path
        for path in sorted(root.glob("*/*.yaml"))
        if "&" in (text := path.read_text()) and "*" in text
    ]
    assert len(anchored) >= 6
    for path in anchored:
        text = path.read_text()
        fast = yamlio._fast(text)
        assert fast is not yamlio._NOT_FAST, path.name
        assert repr(fast) == repr(yamlio._positioned(text, path.name)[0]), path.name


def test_sizes_are_walked_only_when_the_text_could_cross_a_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Speed issue: the walk over every value that finds a list or a text too long, or a
    lone surrogate, is left out when the text alone rules them out (every built-in file);
    each limit is still enforced, located, when it could be crossed."""
    walked: list[str] = []
    check = yamlio._check_sizes
    monkeypatch.setattr(yamlio, "_check_sizes", lambda doc: walked.append(doc.path) or check(doc))
    root = Path(__file__).parent.parent
    for path in sorted(root.glob("scenarios/*/*.yaml")):
        read_yaml(path)
    assert walked == []
    crossing = {
        "a: [" + ", ".join(["1"] * 10_001) + "]\n": "a list of more than 10,000 items",
        "a: " + "x" * 200_001 + "\n": "a text of 200,001 characters",
        'a: "\\udc80"\n': "lone surrogate|invalid Unicode character escape",
    }
    for text, message in crossing.items():
        with pytest.raises(YamlError, match=message) as info:
            read_yaml_text(text, "x.yaml")
        assert str(info.value).startswith("x.yaml:1:")
    assert len(walked) >= 2  # the list and the text (the escape may fail the parse first)
    assert not yamlio._sizes_certainly_within("- x\n" * 10_000)
    # An alias repeats a list, never adds to one.
    assert yamlio._sizes_certainly_within("a: &a [1, 2, 3]\nb: [*a, *a]\n")


def test_many_lists_that_only_add_up_past_the_limit_take_the_fast_path() -> None:
    """A 1 MB scenario's 9,600 terrain edits and 500 units (block lists at two indentations)
    once sent it to the positioned reader, eight times slower; one list too long, at any
    indentation and in any style, is still refused where it crosses the limit."""
    edits = "".join(f"  - hexes: [J{i:04d}]\n" for i in range(9_000))
    units = "".join(f"    - unit: M{i}\n" for i in range(2_000))
    text = f"edits:\n{edits}sides:\n  - forces:\n{units}"
    assert text.count("- ") > 10_000 and not yamlio._may_hold_a_long_list(text)
    doc = read_yaml_text(text, "x.yaml")
    assert doc._positions is None and len(doc.data["edits"]) == 9_000
    assert doc.data == yamlio._positioned(text, "x.yaml")[0]
    assert doc.position(("sides", 0, "forces", 1999)).line == 11_003
    long_lists = {
        "block": "a:\n" + "  - 1\n" * 10_001,
        "first item on its parent's line": "a:\n  - - 1\n" + "    - 1\n" * 10_000,
        "flow, one per line": "a: [\n" + "  1,\n" * 10_000 + "  1]\n",
    }
    for style, long_list in long_lists.items():
        with pytest.raises(YamlError, match="a list of more than 10,000 items") as info:
            read_yaml_text(long_list, "x.yaml")
        line = int(str(info.value).split(":")[1])
        assert line in (10_002, 10_003), (style, line)


def test_deep_nesting_is_refused() -> None:
    with pytest.raises(YamlError, match="nesting is deeper than"):
        read_yaml_text("[" * 500 + "]" * 500)


def test_huge_file_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(yamlio, "MAX_FILE_BYTES", 1000)
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 2000 + "\n")
    with pytest.raises(YamlError, match="larger than"):
        read_yaml(big)


def test_missing_file_and_non_utf8_are_user_errors(tmp_path: Path) -> None:
    with pytest.raises(YamlError, match="cannot read the file"):
        read_yaml(tmp_path / "nope.yaml")
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("name: Sedan r\xe9veng\xe9\n".encode("latin-1"))
    with pytest.raises(YamlError, match="not UTF-8"):
        read_yaml(latin)


def test_dump_is_deterministic_block_yaml_without_aliases() -> None:
    shared = {"x": 1}
    data = {"b": shared, "a": shared, "text": "line one\nline two\n", "short": ["J", "K", "L"]}
    text = dump_yaml(data)
    assert text == dump_yaml(data)
    assert "&" not in text and "*" not in text
    assert text.index("b:") < text.index("a:")  # key order kept, not sorted
    assert "text: |" in text
    assert "short: [J, K, L]" in text
    assert read_yaml_text(text).data == data


def test_atomic_write_leaves_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "s.yaml"
    atomic_write_text(target, "old\n")

    with pytest.raises(AttributeError):  # not text: refused before anything is written
        atomic_write_text(target, 12345)  # type: ignore[arg-type]
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["s.yaml"]

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:  # the disk fills while the new text is written
        patched.setattr("model.yamlio.os.fsync", full_disk)
        with pytest.raises(OSError, match="No space left"):
            atomic_write_text(target, "new but lost\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["s.yaml"]
    atomic_write_text(target, "new\n")
    assert target.read_text() == "new\n"


scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=30),
    st.sampled_from(
        [
            "0534",
            "J1511",
            "C/1508",
            "yes",
            "no",
            "on",
            "1944-06-06",
            "~",
            "null",
            "True",
            "0x10",
            "1_000",
            "+3",
            ".inf",
            "Inf",
            "inf",
            "NaN",
            "Infinity",
            "@x",
            "a @ b",
            "- x",
            "a: b",
            "#c",
            "'q'",
            "[x]",
        ]
    ),
)
keys = st.text(min_size=1, max_size=12).filter(lambda k: k.strip() == k and k != "<<")
documents = st.recursive(
    st.dictionaries(keys, scalar, max_size=4),
    lambda children: st.one_of(
        st.lists(children | scalar, max_size=4),
        st.dictionaries(keys, children | scalar, max_size=4),
    ),
    max_leaves=20,
).filter(lambda d: isinstance(d, dict) and len(d) > 0)


@settings(max_examples=500, deadline=None)
@given(documents)
def test_fast_and_positioned_paths_read_the_same_data(data: dict[str, object]) -> None:
    # What Hexwright writes, both parsers must read back identically (and as written).
    text = dump_yaml(data)
    fast = yamlio._fast(text)
    positioned, _ = yamlio._positioned(text, "x.yaml")
    assert positioned == data
    if fast is not yamlio._NOT_FAST:
        assert fast == positioned
        assert _types(fast) == _types(positioned)


@settings(max_examples=200, deadline=None)
@given(documents, st.booleans())
def test_shared_values_written_as_anchors_read_the_same_on_both_paths(
    data: dict[str, object], flow: bool
) -> None:
    """PyYAML writes a value used twice as an anchor and aliases (``&id001``, ``*id001``),
    here nested in aliases of aliases: the fast path, copying them, reads what the positioned
    reader does."""
    import yaml

    shared = {"a": data, "b": [data, {"z": data}]}
    text = yaml.safe_dump({"one": shared, "two": [shared, data]}, default_flow_style=flow)
    assert "&id001" in text
    fast = yamlio._fast(text)
    positioned, _ = yamlio._positioned(text, "x.yaml")
    if fast is not yamlio._NOT_FAST:
        assert repr(fast) == repr(positioned)


def _types(value: object) -> object:
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_types(v) for v in value]
    return type(value).__name__


def test_the_fast_path_is_taken_for_plain_files() -> None:
    text = (Path(__file__).parent.parent / "scenarios/armor/1a-spearheads.yaml").read_text()
    assert yamlio._fast(text) is not yamlio._NOT_FAST
    doc = read_yaml_text(text)
    assert doc._positions is None  # positions are only worked out when a problem needs them
    assert doc.position(("sides", 1, "id")) == yamlio.Position(71, 9)


_FLOAT_WORDS = ["inf", "Inf", "INF", "infinity", "Infinity", "nan", "NaN", "NAN", "Nan"]
_SPELLINGS = [*_FLOAT_WORDS, *(f".{w}" for w in _FLOAT_WORDS), "-inf", "-Inf", "+inf", "+3"]


@pytest.mark.parametrize("word", _SPELLINGS)
@pytest.mark.parametrize(
    "shape",
    [
        "a: {}\n",
        "a: '{}'\n",
        'a: "{}"\n',
        "a: [{}, x]\n",
        "a: {{k: {}}}\n",
        "{}: 1\n",
        "'{}': 1\n",
        "a: x {} y\n",
        "a: |\n  {}\n",
        "a:\n  - {}\n",
    ],
)
def test_special_float_words_read_the_same_on_both_paths(shape: str, word: str) -> None:
    # rapidyaml rewrites some spellings of inf and nan; the fast path must never give a value
    # the positioned path would not (a Panzer '44 unit named Inf stays "Inf", and fast).
    text = shape.format(word)
    positioned, _ = yamlio._positioned(text, "x.yaml")
    fast = yamlio._fast(text)
    if fast is not yamlio._NOT_FAST:
        assert repr(fast) == repr(positioned)
    assert read_yaml_text(text).data.keys() == positioned.keys()


def test_a_panzer44_style_file_of_inf_units_takes_the_fast_path() -> None:
    text = "units:\n" + "".join(
        f"  - {{type: Inf, id: u{i}, note: 'see @ 3'}}\n" for i in range(50)
    )
    assert yamlio._fast(text) is not yamlio._NOT_FAST
    assert read_yaml_text(text).data["units"][0]["type"] == "Inf"


@pytest.mark.parametrize("text", ["a: @x\n", "- `x\n", "a: [1, @x]\n"])
def test_a_reserved_indicator_starting_a_scalar_is_refused_with_a_place(text: str) -> None:
    with pytest.raises(YamlError) as caught:
        read_yaml_text(text, "x.yaml")
    assert caught.value.problem.line == 1

#!/usr/bin/env python3
"""Check a dataset file against Emissary's documented layouts before you upload it.

Usage: python3 check_dataset.py FILE [--task TASK] [--dashboard]

  FILE         a .jsonl or .csv file
  --task       text-generation, classification, embedding or regression. Without it the
               checker picks the layout that fits the file and says which one it used.
  --dashboard  the file goes through the dashboard, so the 5 MB API upload limit does not apply

Prints one line per problem, with its line number, then a summary. Exits 0 when the file has
no errors (warnings are allowed), 1 when it has errors, 2 when it cannot run.
Needs Python 3.8+ and nothing else.
"""
import argparse
import csv
import io
import json
import math
import os
import sys
import tempfile


# [start:load-rules]
def load_rules():
    """The rules (layouts, limits) travel inside this script; read them from a scratch folder."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            # @embed data/dataset-rules.json
            with open("dataset-rules.json", encoding="utf-8") as handle:
                return json.load(handle)
        finally:
            os.chdir(here)
# [end:load-rules]


# [start:validate]
def show(value):
    return json.dumps(value, ensure_ascii=False)[:60]


def is_type(value, name):
    if name == "string":
        return isinstance(value, str)
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if name == "integer":
        return float(value).is_integer()
    return name == "number" and math.isfinite(value)


def same(a, b):
    """Equality that keeps true apart from 1 and "1" apart from 1."""
    return type(a) is type(b) and a == b or (
        is_type(a, "number") and is_type(b, "number") and a == b
    )


def check_value(value, schema, where):
    """Plain-words problems of `value` against a small subset of JSON Schema."""
    name = f"`{where}`"
    if "anyOf" in schema:
        if any(not check_value(value, option, where) for option in schema["anyOf"]):
            return []
        return [f"{name} must be {schema.get('description', 'one of the allowed forms')}, got {show(value)}"]
    wanted = schema.get("type")
    if wanted and not is_type(value, wanted):
        article = "an" if wanted[0] in "aeiou" else "a"
        if wanted in ("number", "integer") and isinstance(value, str):
            try:
                float(value)
                return [f"{name} must be {article} {wanted} without quotes, got {show(value)}"]
            except ValueError:
                pass
        return [f"{name} must be {article} {wanted}, got {show(value)}"]
    if "enum" in schema and not any(same(value, option) for option in schema["enum"]):
        options = ", ".join(show(option) for option in schema["enum"])
        return [f"{name} must be one of {options}, got {show(value)}"]
    if "const" in schema and not same(value, schema["const"]):
        return [f"{name} must be {show(schema['const'])}, got {show(value)}"]
    problems = []
    if isinstance(value, str) and len(value.strip()) < schema.get("minLength", 0):
        problems.append(f"{name} is empty")
    if is_type(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            problems.append(f"{name} is {value}, below {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            problems.append(f"{name} is {value}, above {schema['maximum']}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            problems.append(f"{name} is empty")
        for index, item in enumerate(value):
            if "items" in schema:
                problems += check_value(item, schema["items"], f"{where}[{index}]")
        if "contains" in schema and all(check_value(item, schema["contains"], where) for item in value):
            problems.append(f"{name} has no {schema['contains'].get('description', 'matching item')}")
    if isinstance(value, dict):
        if len(value) < schema.get("minProperties", 0):
            problems.append(f"{name} is an empty object")
        for key in schema.get("required", []):
            if key not in value:
                problems.append(f"missing `{key}`" if where == "row" else f"{name} is missing `{key}`")
        for key, item in value.items():
            sub = schema.get("properties", {}).get(key, schema.get("additionalProperties"))
            if isinstance(sub, dict):
                problems += check_value(item, sub, key if where == "row" else f"{where}.{key}")
    return problems
# [end:validate]


# [start:read-rows]
def read_jsonl(text, report):
    rows = []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            report.error(number, "empty line; JSON Lines has one object on every line")
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            report.error(number, f"not valid JSON ({error.msg} at column {error.colno})")
            continue
        if not isinstance(row, dict):
            report.error(number, f"a line must hold one JSON object, got {show(row)}")
            continue
        rows.append((number, row))
    return rows


def read_csv(text, report):
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [cell.strip() for cell in next(reader)]
    except StopIteration:
        return None, []
    except csv.Error as error:
        report.error(1, f"the header is not valid CSV ({error})")
        return None, []
    rows, before = [], reader.line_num
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            report.error(before + 1, f"not valid CSV ({error}); check the quotes")
            break
        start, before = before + 1, reader.line_num
        if not cells or all(not cell.strip() for cell in cells):
            report.error(start, "empty row")
        elif len(cells) != len(header):
            report.error(
                start,
                f"{len(cells)} cells, but the header has {len(header)}; "
                "quote cells that contain commas, quotes or line breaks",
            )
        else:
            rows.append((start, dict(zip(header, cells))))
    return header, rows


def decode_cells(row, decode, number, report):
    """CSV cells are text: turn the ones the layout wants into numbers or JSON objects."""
    decoded = dict(row)
    for column, kind in (decode or {}).items():
        cell = decoded.get(column)
        if not isinstance(cell, str):
            continue
        text = cell.strip()
        if kind == "number":
            try:
                decoded[column] = float(text)
            except ValueError:
                pass
        elif kind == "json-object" and text.startswith("{"):
            try:
                decoded[column] = json.loads(text)
            except json.JSONDecodeError as error:
                if report:
                    report.error(number, f"`{column}` looks like a JSON object but is not valid JSON ({error.msg})")
                return None
    return decoded
# [end:read-rows]


class Report:
    def __init__(self, path):
        self.path, self.errors, self.warnings = path, 0, 0

    def error(self, line, message):
        self.errors += 1
        print(f"{self.path}:{line}: error: {message}")

    def warning(self, line, message):
        self.warnings += 1
        print(f"{self.path}:{line}: warning: {message}")


# [start:check]
def fits(layout, rows):
    """How well the rows fit a layout: rows that meet it, then rows that have all its keys."""
    valid = with_keys = 0
    for number, row in rows:
        with_keys += all(key in row for key in layout["keys"])
        decoded = decode_cells(row, layout.get("decode"), number, None)
        if decoded is not None and not check_value(decoded, layout["row"], "row"):
            valid += 1
    return valid, with_keys


def check_file(path, task, dashboard, rules):
    report = Report(path)
    limits = rules["limits"]
    layouts = rules["layouts"]
    extension = os.path.splitext(path)[1].lower()
    file_format = limits["extensions"].get(extension)
    if file_format is None:
        report.error(1, f"{extension or 'no extension'}: use a .jsonl or .csv file (JSON Lines or CSV)")
        return report
    size = os.path.getsize(path)
    if size > limits["api_upload_bytes"] and not dashboard:
        report.error(
            1,
            f"{size / 1048576:.1f} MB is over the API's {limits['api_upload_bytes'] / 1048576:g} MB upload limit; "
            "upload it in the dashboard (then check with --dashboard) or split it",
        )
    with open(path, "rb") as handle:
        raw = handle.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        report.error(line, f"not UTF-8 (byte 0x{raw[error.start]:02x}); save the file as UTF-8")
        return report

    candidates = [item for item in layouts if item["format"] == file_format]
    if task:
        candidates = [item for item in candidates if item["task_type"] == task]
        if not candidates:
            formats = sorted({item["format"] for item in layouts if item["task_type"] == task})
            report.error(1, f"{task} data is documented as {' or '.join(formats)}, not {file_format}")
            return report

    if file_format == "csv":
        header, rows = read_csv(text, report)
        if header is None:
            report.error(1, "the file is empty; a CSV file starts with a header row")
            return report
        matching = [item for item in candidates if sorted(item["keys"]) == sorted(header)]
        if not matching:
            headers = {}
            for item in candidates:
                headers.setdefault(",".join(item["keys"]), []).append(item["task_type"])
            expected = " or ".join(f"{keys} ({', '.join(tasks)})" for keys, tasks in headers.items())
            report.error(1, f"the header is {','.join(header)}; expected {expected}")
            return report
        candidates = matching
    else:
        rows = read_jsonl(text, report)

    if not rows:
        if not report.errors:
            report.error(1, "the file has no rows")
        return report

    scores = [(fits(item, rows), -index, item) for index, item in enumerate(candidates)]
    best = max(scores, key=lambda entry: entry[:2])
    layout = best[2]
    tied = [item["title"] for score, _, item in scores if score[0] and score[0] == best[0][0] and item is not layout]
    print(f"{path}: checking as {layout['title']} ({layout['task_type']})")
    if not task and tied:
        print(f"{path}: the file also fits {', '.join(tied)}; pass --task to choose")

    seen, kinds = {}, {}
    for number, row in rows:
        decoded = decode_cells(row, layout.get("decode"), number, report)
        if decoded is None:
            continue
        for problem in check_value(decoded, layout["row"], "row"):
            report.error(number, problem)
        for problem in check_value(decoded, layout.get("advice", {}), "row"):
            report.warning(number, f"{problem} (a recommendation, not a rule)")
        for key in layout.get("same_kind", []):
            kind = "an object" if isinstance(decoded.get(key), dict) else "a single label"
            first = kinds.setdefault(key, (kind, number))
            if first[0] != kind:
                report.error(number, f"`{key}` is {kind}, but line {first[1]} has {first[0]}; use one form in the whole file")
        fingerprint = json.dumps(row, sort_keys=True)
        if fingerprint in seen:
            report.warning(number, f"same row as line {seen[fingerprint]}; remove duplicates")
        seen.setdefault(fingerprint, number)

    if not task and layout["id"] == "prompt-completion":
        quoted = [number for number, row in rows if looks_numeric(row.get("completion"))]
        if quoted and len(quoted) == len(rows):
            report.warning(
                quoted[0],
                "every completion is a number in quotes; for regression write numbers without quotes "
                "and check with --task regression",
            )
    return report


def looks_numeric(value):
    try:
        float(value)
        return isinstance(value, str)
    except (TypeError, ValueError):
        return False
# [end:check]


def main():
    rules = load_rules()
    parser = argparse.ArgumentParser(description="Check a dataset file before you upload it to Emissary.")
    parser.add_argument("file", help="a .jsonl or .csv file")
    parser.add_argument("--task", choices=rules["tasks"], help="the task_type of the training job")
    parser.add_argument("--dashboard", action="store_true", help="the file goes through the dashboard, not the API")
    args = parser.parse_args()
    if not os.path.isfile(args.file):
        print(f"error: no such file: {args.file}", file=sys.stderr)
        sys.exit(2)
    report = check_file(args.file, args.task, args.dashboard, rules)
    if report.errors:
        print(f"{args.file}: {report.errors} error(s), {report.warnings} warning(s): fix the errors before you upload")
        sys.exit(1)
    print(f"{args.file}: OK ({report.warnings} warning(s))")


if __name__ == "__main__":
    main()

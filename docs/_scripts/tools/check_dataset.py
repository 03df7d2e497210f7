#!/usr/bin/env python3
"""Check a dataset file against Emissary's documented layouts before you upload it.

Usage: python3 check_dataset.py FILE [--task TASK] [--dashboard] [--model NAME] [--epochs N] [--tokenizer FILE]

  FILE         a .jsonl or .csv file
  --task       text-generation, classification, embedding or regression. Without it the
               checker picks the layout that fits the file and says which one it used.
  --dashboard  the file goes through the dashboard, so the 5 MB API upload limit does not apply
  --model      the base model, for its token counts and context window (default Llama-3.2-3B-Instruct)
  --epochs     the epochs the total is multiplied by (default 3, the dashboard's default)
  --tokenizer  a tokenizer.json file of the model, read with the `tokenizers` library

Prints one line per problem, with its line number and its kind in brackets, then how to fix each
kind, the token counts and a summary. Exits 0 when the file has no errors (warnings are allowed),
1 when it has errors, 2 when it cannot run.
Needs Python 3.8+ and nothing else. Token counts are an estimate (characters / 4) unless the
`tokenizers` or `transformers` library is installed: then the model's own tokenizer counts them,
from --tokenizer or from the model's Hugging Face repository (which may need a download or a login).
"""
import argparse
import csv
import io
import json
import math
import os
import re
import sys
import tempfile


# [start:load-rules]
def load_rules():
    """The rules (layouts, limits) and base models travel inside this script; read them from a scratch folder."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            # @embed data/dataset-rules.json
            # @embed data/base-models.json
            with open("dataset-rules.json", encoding="utf-8") as handle:
                rules = json.load(handle)
            with open("base-models.json", encoding="utf-8") as handle:
                rules["base_models"] = json.load(handle)
            return rules
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


def looks_numeric(value, pattern):
    return isinstance(value, str) and re.match(pattern, value.strip()) is not None


def check_value(value, schema, where, number, openai=None):
    """(kind, plain words) for each problem of `value` against a small subset of JSON Schema.

    `openai` is the rules' openai_only: keys a layout lacks that OpenAI's fine-tuning files have are named as such.
    """
    name = f"`{where}`"
    if "anyOf" in schema:
        if any(not check_value(value, option, where, number) for option in schema["anyOf"]):
            return []
        return [("wrong-value", f"{name} must be {schema.get('description', 'one of the allowed forms')}, got {show(value)}")]
    wanted = schema.get("type")
    if wanted and not is_type(value, wanted):
        article = "an" if wanted[0] in "aeiou" else "a"
        if wanted in ("number", "integer") and looks_numeric(value, number):
            return [("quoted-number", f"{name} must be {article} {wanted} without quotes, got {show(value)}")]
        return [("wrong-type", f"{name} must be {article} {wanted}, got {show(value)}")]
    if "enum" in schema and not any(same(value, option) for option in schema["enum"]):
        options = ", ".join(show(option) for option in schema["enum"])
        return [("wrong-value", f"{name} must be one of {options}, got {show(value)}")]
    if "const" in schema and not same(value, schema["const"]):
        return [("wrong-value", f"{name} must be {show(schema['const'])}, got {show(value)}")]
    problems = []
    if isinstance(value, str) and len(value.strip()) < schema.get("minLength", 0):
        problems.append(("empty-value", f"{name} is empty"))
    if is_type(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            problems.append(("out-of-range", f"{name} is {value}, below {schema['minimum']}"))
        if "maximum" in schema and value > schema["maximum"]:
            problems.append(("out-of-range", f"{name} is {value}, above {schema['maximum']}"))
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            problems.append(("empty-value", f"{name} is empty"))
        for index, item in enumerate(value):
            if "items" in schema:
                problems += check_value(item, schema["items"], f"{where}[{index}]", number, openai)
        if "contains" in schema and all(check_value(item, schema["contains"], where, number) for item in value):
            problems.append(("missing-item", f"{name} has no {schema['contains'].get('description', 'matching item')}"))
    if isinstance(value, dict):
        if len(value) < schema.get("minProperties", 0):
            problems.append(("empty-value", f"{name} is an empty object"))
        for key in schema.get("required", []):
            if key not in value:
                problems.append(("missing-field", f"missing `{key}`" if where == "row" else f"{name} is missing `{key}`"))
        for key, item in value.items():
            sub = schema.get("properties", {}).get(key, schema.get("additionalProperties"))
            if sub is False and key in (openai or {}).get("keys", []):
                place = "" if where == "row" else f" in {name}"
                problems.append(("openai-field", f"`{key}`{place} is an OpenAI fine-tuning field; this API has no counterpart: see {openai['guide']}"))
            elif sub is False:
                problems.append(("extra-field", f"`{key}` is not a key of this layout" if where == "row" else f"{name} has an unknown key `{key}`"))
            elif isinstance(sub, dict):
                problems += check_value(item, sub, key if where == "row" else f"{where}.{key}", number, openai)
    return problems
# [end:validate]


# [start:read-rows]
def reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def read_jsonl(text, report):
    rows = []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            report.error(number, "empty-line", "empty line; JSON Lines has one object on every line")
            continue
        try:
            row = json.loads(line, parse_constant=reject_constant)
        except json.JSONDecodeError as error:
            report.error(number, "invalid-json", f"not valid JSON ({error.msg} at column {error.colno})")
            continue
        except ValueError as error:
            report.error(number, "invalid-json", f"not valid JSON ({error})")
            continue
        if not isinstance(row, dict):
            report.error(number, "invalid-json", f"a line must hold one JSON object, got {show(row)}")
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
        report.error(1, "invalid-csv", f"the header is not valid CSV ({error})")
        return None, []
    rows, before = [], reader.line_num
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            report.error(before + 1, "invalid-csv", f"not valid CSV ({error}); check the quotes")
            break
        start, before = before + 1, reader.line_num
        if not cells or all(not cell.strip() for cell in cells):
            report.error(start, "empty-line", "empty row")
        elif len(cells) != len(header):
            report.error(
                start,
                "inconsistent-columns",
                f"{len(cells)} cells, but the header has {len(header)}; "
                "quote cells that contain commas, quotes or line breaks",
            )
        else:
            rows.append((start, dict(zip(header, cells))))
    return header, rows


def decode_cells(row, decode, number, report, pattern):
    """CSV cells are text: turn the ones the layout wants into numbers or JSON objects."""
    decoded = dict(row)
    for column, kind in (decode or {}).items():
        cell = decoded.get(column)
        if not isinstance(cell, str):
            continue
        text = cell.strip()
        if kind == "number" and re.match(pattern, text):
            decoded[column] = float(text)
        elif kind == "json-object" and text.startswith("{"):
            try:
                decoded[column] = json.loads(text, parse_constant=reject_constant)
            except ValueError as error:
                if report:
                    report.error(number, "invalid-json", f"`{column}` looks like a JSON object but is not valid JSON ({error})")
                return None
    return decoded
# [end:read-rows]


class Report:
    def __init__(self, path):
        self.path, self.errors, self.warnings, self.kinds, self.rows, self.layout = path, 0, 0, [], [], None

    def say(self, line, severity, kind, message):
        if kind not in self.kinds:
            self.kinds.append(kind)
        print(f"{self.path}:{line}: {severity}: {message} [{kind}]")

    def error(self, line, kind, message):
        self.errors += 1
        self.say(line, "error", kind, message)

    def warning(self, line, kind, message):
        self.warnings += 1
        self.say(line, "warning", kind, message)


# [start:check]
def fits(layout, rows, pattern):
    """How well the rows fit a layout: rows that meet it, then rows that have all its keys."""
    valid = with_keys = 0
    for number, row in rows:
        with_keys += all(key in row for key in layout["keys"])
        decoded = decode_cells(row, layout.get("decode"), number, None, pattern)
        if decoded is not None and not check_value(decoded, layout["row"], "row", pattern):
            valid += 1
    return valid, with_keys


def check_file(path, task, dashboard, rules):
    report = Report(path)
    limits, layouts, pattern = rules["limits"], rules["layouts"], rules["csv_number"]
    extension = os.path.splitext(path)[1].lower()
    file_format = limits["extensions"].get(extension)
    if file_format is None:
        report.error(1, "wrong-extension", f"{extension or 'no extension'}: use a .jsonl or .csv file (JSON Lines or CSV)")
        return report
    size = os.path.getsize(path)
    if size > limits["api_upload_bytes"] and not dashboard:
        report.error(
            1,
            "over-limit",
            f"{size / 1048576:.1f} MB is over the API's {limits['api_upload_bytes'] / 1048576:g} MB upload limit; "
            "upload it in the dashboard (then check with --dashboard) or split it",
        )
    with open(path, "rb") as handle:
        raw = handle.read()
    if b"\0" in raw[:8192]:
        report.error(1, "binary", "this is a binary file (or text saved as UTF-16), not JSON Lines or CSV")
        return report
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        report.error(line, "not-utf8", f"not UTF-8 (byte 0x{raw[error.start]:02x}); save the file as UTF-8")
        return report

    candidates = [item for item in layouts if item["format"] == file_format]
    if task:
        candidates = [item for item in candidates if item["task_type"] == task]
        if not candidates:
            formats = sorted({item["format"] for item in layouts if item["task_type"] == task})
            report.error(1, "wrong-format", f"{task} data is documented as {' or '.join(formats)}, not {file_format}")
            return report

    if file_format == "csv":
        header, rows = read_csv(text, report)
        if header is None:
            if not report.errors:
                report.error(1, "empty-file", "the file is empty; a CSV file starts with a header row")
            return report
        matching = [item for item in candidates if sorted(item["keys"]) == sorted(header)]
        if not matching:
            headers = {}
            for item in candidates:
                headers.setdefault(",".join(item["keys"]), []).append(item["task_type"])
            expected = " or ".join(f"{keys} ({', '.join(tasks)})" for keys, tasks in headers.items())
            report.error(1, "wrong-header", f"the header is {','.join(header)}; expected {expected}")
            return report
        candidates = matching
    else:
        rows = read_jsonl(text, report)

    if not rows:
        if not report.errors:
            report.error(1, "empty-file", "the file has no rows")
        return report

    report.rows = rows
    scores = [(fits(item, rows, pattern), -index, item) for index, item in enumerate(candidates)]
    best = max(scores, key=lambda entry: entry[:2])
    layout = report.layout = best[2]
    tied = [item["title"] for score, _, item in scores if score[0] and score[0] == best[0][0] and item is not layout]
    print(f"{path}: checking as {layout['title']} ({layout['task_type']})")
    if not task and tied:
        print(f"{path}: the file also fits {', '.join(tied)}; pass --task to choose")

    seen, kinds = {}, {}
    for number, row in rows:
        decoded = decode_cells(row, layout.get("decode"), number, report, pattern)
        if decoded is None:
            continue
        for kind, problem in check_value(decoded, layout["row"], "row", pattern):
            report.error(number, kind, problem)
        for kind, problem in check_value(decoded, layout.get("advice", {}), "row", pattern, rules["openai_only"]):
            report.warning(number, kind, f"{problem} (a recommendation, not a rule)")
        for key in layout.get("same_kind", []):
            form = "an object" if isinstance(decoded.get(key), dict) else "a single label"
            first = kinds.setdefault(key, (form, number))
            if first[0] != form:
                report.error(number, "mixed-forms", f"`{key}` is {form}, but line {first[1]} has {first[0]}; use one form in the whole file")
        fingerprint = json.dumps(row, sort_keys=True)
        if fingerprint in seen:
            report.warning(number, "duplicate-row", f"same row as line {seen[fingerprint]}; remove duplicates")
        seen.setdefault(fingerprint, number)

    if not task and layout["id"] == "prompt-completion":
        quoted = [number for number, row in rows if looks_numeric(row.get("completion"), pattern)]
        if quoted and len(quoted) == len(rows):
            report.warning(
                quoted[0],
                "quoted-number",
                "every completion is a number in quotes; for regression write numbers without quotes "
                "and check with --task regression",
            )
    return report
# [end:check]


# [start:tokens]
def texts_of(value):
    """The strings of a row (values, not keys): what the token counts measure."""
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [text for item in items for text in texts_of(item)]


def load_counter(model, tokenizer_file):
    """A function counting tokens with the model's own tokenizer, and what it is; (None, why not) without one."""
    repo = (model.get("source") or "").replace("https://huggingface.co/", "")
    try:
        from tokenizers import Tokenizer
        tokenizer = Tokenizer.from_file(tokenizer_file) if tokenizer_file else Tokenizer.from_pretrained(repo)
        return (lambda text: len(tokenizer.encode(text, add_special_tokens=False).ids)), f"the tokenizers library with {tokenizer_file or repo}"
    except ImportError:
        pass
    except Exception as error:  # a missing file, no network, a gated repository
        return None, f"the tokenizers library could not load {tokenizer_file or repo}: {error}"
    if tokenizer_file:
        return None, "--tokenizer needs the tokenizers library (pip install tokenizers)"
    try:
        from transformers import AutoTokenizer
        tokenizer = AutoTokenizer.from_pretrained(repo)
        return (lambda text: len(tokenizer.encode(text, add_special_tokens=False))), f"the transformers library with {repo}"
    except ImportError:
        return None, "neither the tokenizers nor the transformers library is installed"
    except Exception as error:
        return None, f"the transformers library could not load {repo}: {error}"


def messages_of(row):
    """The messages of a row for its template: its messages list, else a prompt and a completion."""
    return len(row["messages"]) if isinstance(row, dict) and isinstance(row.get("messages"), list) else 2


def counted_row(number, row, layout):
    """What the model reads of a row: the layout's counted keys (a classifier's label is not input), else every string."""
    counted = (layout or {}).get("counted")
    texts = [text for key in counted["keys"] for text in texts_of(row.get(key))] if counted else texts_of(row)
    return number, texts, messages_of(row), bool(counted and counted.get("each"))


def print_tokens(report, model, epochs, tokenizer_file, templates):
    rows = [counted_row(number, row, report.layout) for number, row in report.rows]
    if not rows:
        return
    count, how = load_counter(model, tokenizer_file) if model.get("source") else (None, f"no tokenizer is known for {model['name']}")
    if count is None:
        count = lambda text: (len(text) + 2) // 4
        print(f"Tokens: an estimate, the characters of text divided by 4 ({how}).")
    else:
        print(f"Tokens: counted with {how}: the text of each value the model reads, without special tokens or chat template.")
    template = templates.get(model.get("template") or "")
    cache = {}
    sizes = []
    in_window = []
    # The template's tokens come from the model card in its source (Mistral Instruct:
    # https://huggingface.co/mistralai/Mistral-7B-Instruct-v0.2, "Instruction format").
    for number, texts, messages, each in rows:
        counts = [cache.setdefault(text, count(text)) for text in texts]
        size = sum(counts)
        sizes.append((size, number))
        if each:  # each text is a sequence of its own (an embedding pair): the longest must fit
            in_window.append((max(counts, default=0) + (template["fixed"] if template else 0), number))
        else:
            in_window.append((size + (template["fixed"] + template["per_message"] * messages if template else 0), number))
    total = sum(size for size, _ in sizes)
    print(f"  {total} tokens in {len(rows)} rows; x {epochs} epochs = {total * epochs} training tokens")
    print("  Price and duration: not documented (the API and the dashboard publish no rate per token).")
    longest = sorted(sizes, key=lambda entry: (-entry[0], entry[1]))[:5]
    print("  Longest rows: " + ", ".join(f"line {number} ({size} tokens)" for size, number in longest))
    window = model.get("context")
    if window:
        print(f"  Context window of {model['name']}: {window} tokens, from {model['source']}")
        if template:
            print(f"  Each row also gets the tokens of the model's documented prompt format ({template['what']}), from {template['source']}; which format the platform applies is not documented.")
        for size, number in in_window:
            if size > window:
                with_template = " with the prompt format's tokens" if template else ""
                report.warning(number, "over-context", f"{size} tokens{with_template}, more than the {window}-token context window of {model['name']}")
# [end:tokens]


def main():
    rules = load_rules()
    parser = argparse.ArgumentParser(description="Check a dataset file before you upload it to Emissary.")
    parser.add_argument("file", help="a .jsonl or .csv file")
    parser.add_argument("--task", choices=rules["tasks"], help="the task_type of the training job")
    parser.add_argument("--dashboard", action="store_true", help="the file goes through the dashboard, not the API")
    models = {model["name"]: model for model in rules["base_models"]["models"]}
    parser.add_argument("--model", choices=list(models), default=rules["base_models"]["default"], help="the base model, for its tokens and context window")
    parser.add_argument("--epochs", type=int, default=3, help="epochs, to multiply the tokens by (default 3)")
    parser.add_argument("--tokenizer", help="a tokenizer.json of the model, read with the tokenizers library")
    args = parser.parse_args()
    if not os.path.isfile(args.file):
        print(f"error: no such file: {args.file}", file=sys.stderr)
        sys.exit(2)
    report = check_file(args.file, args.task, args.dashboard, rules)
    print_tokens(report, models[args.model], max(1, args.epochs), args.tokenizer, rules["base_models"].get("templates", {}))
    if report.kinds:
        print("How to fix:")
        for kind in report.kinds:
            print(f"  [{kind}] {rules['problems'][kind]}")
    if report.errors:
        print(f"{args.file}: {report.errors} error(s), {report.warnings} warning(s): fix the errors before you upload")
        sys.exit(1)
    print(f"{args.file}: OK ({report.warnings} warning(s))")


if __name__ == "__main__":
    main()

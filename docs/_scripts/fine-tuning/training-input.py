#!/usr/bin/env python3
"""How a row becomes training input (/fine-tuning/training-input): ask your own deployment about
its first training rows, three ways each, and print the answers next to each row's completion.

  EMISSARY_MODEL  the name of the deployment to test (required)
  EMISSARY_DATASET  a JSONL file of prompt/completion rows
                    (default: plain_errors_train.jsonl, the quickstart's rows, which the script writes)
  EMISSARY_ROWS   how many rows from the top of the file to test (default 5)

It sends three inference requests per row and creates nothing.
"""
# @include helpers
# [start:setup]
import json
import os
# [end:setup]


def main():
    # @embed data/plain_errors_train.jsonl

    # [start:inputs]
    model = os.environ.get("EMISSARY_MODEL")
    if not model:
        raise GuideError("set EMISSARY_MODEL to the name of the deployment to test")
    path = os.environ.get("EMISSARY_DATASET") or "plain_errors_train.jsonl"
    wanted = int(os.environ.get("EMISSARY_ROWS") or 5)
    rows = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if len(rows) == wanted:
                break
            row = json.loads(line)
            if not isinstance(row.get("prompt"), str) or not isinstance(row.get("completion"), str):
                raise GuideError(f"{path} line {number}: the probe needs a text prompt and a text completion")
            rows.append(row)
    print(f"Testing {len(rows)} rows of {path}")
    # [end:inputs]

    # [start:completions]
    step("1. Each prompt as it is, to Completions")
    for number, row in enumerate(rows, 1):
        reply = api(
            "POST",
            "/v1/completions",
            json={"model": model, "prompt": row["prompt"], "max_completion_tokens": 200, "temperature": 0},
        )
        choice = reply["choices"][0]
        print(f"Row {number}, training completion:", repr(row["completion"]))
        print("  Answer:", repr(choice["text"]))
        print("  finish_reason:", choice.get("finish_reason"), "| tokens:", reply.get("usage", {}).get("completion_tokens"))
    # [end:completions]

    # [start:chat]
    step("2. Each prompt as one user message, to Chat Completions")
    for number, row in enumerate(rows, 1):
        reply = api(
            "POST",
            "/v1/chat/completions",
            json={
                "model": model,
                "messages": [{"role": "user", "content": row["prompt"]}],
                "max_tokens": 200,
                "temperature": 0,
            },
        )
        choice = reply["choices"][0]
        print(f"Row {number}, answer:", repr(choice["message"]["content"]))
        print("  finish_reason:", choice.get("finish_reason"), "| tokens:", reply.get("usage", {}).get("completion_tokens"))
    # [end:chat]

    # [start:prefix]
    step("3. The first half of each prompt, to Completions")
    for number, row in enumerate(rows, 1):
        half = row["prompt"][: len(row["prompt"]) // 2]
        reply = api(
            "POST",
            "/v1/completions",
            json={"model": model, "prompt": half, "max_completion_tokens": 60, "temperature": 0},
        )
        print(f"Row {number}, rest of the training prompt:", repr(row["prompt"][len(half):]))
        print("  Answer:", repr(reply["choices"][0]["text"]))
    # [end:prefix]


run(main)

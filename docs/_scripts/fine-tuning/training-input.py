#!/usr/bin/env python3
"""How a row becomes training input (/fine-tuning/training-input): ask your own deployment about
one of its training rows, three ways, and print the answers next to the row's completion.

  EMISSARY_MODEL  the name of the deployment to test (required)
  EMISSARY_DATASET  a JSONL file of prompt/completion rows; the first row is used
                    (default: plain_errors_train.jsonl, the quickstart's rows, which the script writes)

It sends three inference requests and creates nothing.
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
    with open(path, encoding="utf-8") as handle:
        row = json.loads(handle.readline())
    if not isinstance(row.get("prompt"), str) or not isinstance(row.get("completion"), str):
        raise GuideError(f"{path} line 1: the probe needs a text prompt and a text completion")
    print("Training completion:", repr(row["completion"]))
    # [end:inputs]

    # [start:completions]
    step("1. The prompt as it is, to Completions")
    reply = api(
        "POST",
        "/v1/completions",
        json={"model": model, "prompt": row["prompt"], "max_completion_tokens": 200, "temperature": 0},
    )
    choice = reply["choices"][0]
    print("Answer:", repr(choice["text"]))
    print("finish_reason:", choice.get("finish_reason"), "| tokens:", reply.get("usage", {}).get("completion_tokens"))
    # [end:completions]

    # [start:chat]
    step("2. The prompt as one user message, to Chat Completions")
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
    print("Answer:", repr(choice["message"]["content"]))
    print("finish_reason:", choice.get("finish_reason"), "| tokens:", reply.get("usage", {}).get("completion_tokens"))
    # [end:chat]

    # [start:prefix]
    step("3. The first half of the prompt, to Completions")
    half = row["prompt"][: len(row["prompt"]) // 2]
    reply = api(
        "POST",
        "/v1/completions",
        json={"model": model, "prompt": half, "max_completion_tokens": 60, "temperature": 0},
    )
    print("Rest of the training prompt:", repr(row["prompt"][len(half):]))
    print("Answer:", repr(reply["choices"][0]["text"]))
    # [end:prefix]


run(main)

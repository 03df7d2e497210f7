#!/usr/bin/env python3
"""Coming from OpenAI fine-tuning (/guides/from-openai): convert an OpenAI chat JSONL file, then
fine-tune, deploy and call the result through this API.

Converts openai_chat_train.jsonl (or the file EMISSARY_OPENAI_FILE names) into this API's chat
layout and prints each row and field it drops or changes, with its line number. It stops before
any call when a line cannot be converted. Then it maps the OpenAI job's hyperparameters
(EMISSARY_OPENAI_HYPERPARAMETERS, JSON), trains Llama-3.2-1B-Instruct on the converted rows,
deploys the last checkpoint and asks it one question. EMISSARY_CONVERT_ONLY=1 stops after the
conversion; EMISSARY_CLEAN_UP=1 deletes the deployment at the end.
Run it in an empty folder: it writes its own sample data. It starts one training job and one
deployment on your account.
"""
# @include helpers
# [start:setup]
import json
import os
import time
# [end:setup]

# [start:convert-rows]
CHAT_ROLES = ("system", "user", "assistant")
# Row keys of OpenAI's fine-tuning files that this API's chat layout has no place for.
ROW_KEYS = {
    "tools": "the prompt no longer lists the tools",
    "functions": "the prompt no longer lists the functions",
    "parallel_tool_calls": "it only steers tool calls, which this layout cannot hold",
}


class CannotConvert(GuideError):
    """A line the converter does not guess about. Nothing is written."""


def text_of(content, where, say):
    """A message's content as one string: OpenAI also takes a list of text parts."""
    parts = content if isinstance(content, list) else [{"type": "text", "text": content}]
    if not all(isinstance(p, dict) and p.get("type") == "text" and isinstance(p.get("text"), str) for p in parts):
        raise CannotConvert(f"{where}: the content {json.dumps(content)[:60]} is not text; images, audio and files have no counterpart")
    text = "\n".join(p["text"] for p in parts)
    if not text.strip():
        raise CannotConvert(f"{where}: the content is empty")
    if isinstance(content, list):
        say("changed", f"{where}: its {len(parts)} text parts are joined into one string, one part per line")
    return text


def preference_to_chat(row, say):
    """A DPO preference pair becomes one supervised row: the input and the preferred answer."""
    given = row.get("input") if isinstance(row.get("input"), dict) else {}
    if not isinstance(given.get("messages"), list) or not isinstance(row.get("preferred_output"), list):
        raise CannotConvert("a preference pair needs input.messages and a preferred_output list")
    say("changed", "a DPO preference pair: input.messages and preferred_output become one supervised row; "
        "non_preferred_output is dropped, as this API has no preference training")
    rest = {k: v for k, v in row.items() if k not in ("input", "preferred_output", "non_preferred_output")}
    extra = {k: v for k, v in given.items() if k != "messages"}
    return {"messages": given["messages"] + row["preferred_output"], **extra, **rest}


def convert_row(row, say):
    """The row in this API's chat layout, or None to leave it out. say(kind, text) reports a change."""
    if "messages" not in row and "preferred_output" in row:
        row = preference_to_chat(row, say)
    given = row.get("messages")
    if not isinstance(given, list) or not given or not all(isinstance(m, dict) for m in given):
        raise CannotConvert("no `messages` list of objects, so this is not a chat row")
    tools = [i for i, m in enumerate(given) if m.get("role") in ("tool", "function") or m.get("tool_calls") or m.get("function_call")]
    if tools:
        say("dropped row", f"messages[{tools[0]}] is a tool call or a tool's answer; this API's chat layout has neither")
        return None
    if not any(m.get("role") == "assistant" for m in given):
        say("dropped row", "no assistant message, so nothing to learn (a reinforcement fine-tuning prompt?)")
        return None
    for key in row:
        if key != "messages":
            why = ROW_KEYS.get(key, "this API's chat rows hold only `messages` (is it a grader's reference?)")
            say("dropped field", f"`{key}`: {why}")
    messages = []
    for index, message in enumerate(given):
        where = f"messages[{index}]"
        role = message.get("role")
        if role not in CHAT_ROLES:
            raise CannotConvert(f"{where}: the role {json.dumps(role)} is none of {', '.join(CHAT_ROLES)}")
        for key in message:
            if key == "weight" and message[key] == 0:
                say("dropped field", f"{where}: `weight` 0: this reply may now be learned (see the guide)")
            elif key == "weight":
                say("dropped field", f"{where}: `weight` {message[key]}: OpenAI trains on this reply anyway")
            elif key not in ("role", "content"):
                say("dropped field", f"{where}: `{key}`: messages hold only role and content here")
        messages.append({"role": role, "content": text_of(message.get("content"), where, say)})
    return {"messages": messages}


def convert_file(source, target):
    """Write `source`, OpenAI chat JSONL, to `target` in this API's chat layout. Return the row count."""
    rows, refused = [], []
    with open(source, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            def say(kind, text):
                print(f"{source}:{number}: {kind}: {text}")

            if not line.strip():
                say("dropped row", "an empty line")
                continue
            try:
                row = json.loads(line)
            except ValueError as error:
                refused.append(f"{source}:{number}: not valid JSON ({error})")
                continue
            try:
                if not isinstance(row, dict):
                    raise CannotConvert("not a JSON object")
                converted = convert_row(row, say)
            except CannotConvert as error:
                refused.append(f"{source}:{number}: {error}")
                continue
            if converted is not None:
                rows.append(converted)
    if refused:
        raise CannotConvert("cannot convert these lines, so nothing was written:\n" + "\n".join(refused))
    if not rows:
        raise CannotConvert(f"{source}: no row is left to train on")
    with open(target, "w", encoding="utf-8") as out:
        out.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    return len(rows)
# [end:convert-rows]


# [start:map-hyperparameters]
def map_hyperparameters(openai):
    """This API's `parameters` for an OpenAI job's `hyperparameters`. Prints what does not carry over."""
    parameters = {}
    for name, value in openai.items():
        if value == "auto":
            print(f"    {name}: auto, so left out (this API's default is not documented)")
        elif name == "n_epochs":
            parameters["num_train_epochs"] = value
        elif name == "batch_size":
            print(f"    batch_size {value}: left out: per_device_train_batch_size counts per device, "
                  "and the devices and gradient accumulation behind a job are not documented")
        elif name == "learning_rate_multiplier":
            print(f"    learning_rate_multiplier {value}: left out: it scales a rate OpenAI does not publish, "
                  "while learning_rate here is the rate itself")
        else:
            print(f"    {name}: no counterpart, so left out")
    return parameters
# [end:map-hyperparameters]


def main():
    # @embed data/openai_chat_train.jsonl

    # [start:convert]
    step("Convert the OpenAI file")
    source = os.environ.get("EMISSARY_OPENAI_FILE") or "openai_chat_train.jsonl"
    count = convert_file(source, "emissary_chat_train.jsonl")
    print(f"emissary_chat_train.jsonl: {count} rows in this API's chat layout")
    # [end:convert]
    if os.environ.get("EMISSARY_CONVERT_ONLY") == "1":
        return

    # [start:run-tag]
    # A time stamp in each name keeps this run apart from earlier ones.
    run_tag = time.strftime("%Y%m%d-%H%M%S")
    # [end:run-tag]

    # [start:upload]
    step("Create a project and upload the converted file")
    project_id = api("POST", "/v1/projects", json={"name": f"from-openai-{run_tag}"})["id"]
    with open("emissary_chat_train.jsonl", "rb") as handle:
        dataset = api(
            "POST",
            f"/v1/projects/{project_id}/datasets",
            files={"file": ("emissary_chat_train.jsonl", handle)},
            data={"name": f"from-openai-{run_tag}"},
            timeout=120,
        )
    dataset_id = dataset["id"]
    # Train only once the API reports the file as uploaded.
    wait_for(
        f"/v1/projects/{project_id}/datasets/{dataset_id}",
        done=lambda d: d.get("is_uploaded") is True,
        what=f"the upload of dataset {dataset_id}",
    )
    print("Project", project_id, "dataset", dataset_id)
    # [end:upload]

    # [start:train]
    step("Start training with the mapped hyperparameters")
    # Your OpenAI job's `hyperparameters` object, as JSON.
    openai = json.loads(os.environ.get("EMISSARY_OPENAI_HYPERPARAMETERS") or '{"n_epochs": 3, "batch_size": "auto", "learning_rate_multiplier": 1.8}')
    job = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"from-openai-{run_tag}",
            "base_model": "Llama-3.2-1B-Instruct",
            "task_type": "text-generation",
            "train_dataset_id": dataset_id,
            "parameters": map_hyperparameters(openai),
        },
    )
    job_id = job["id"]
    wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda j: j["status"] == "Success",
        failed=lambda j: j["status"] in JOB_STOPPED,
        what=f"training job {job_id}",
    )
    # [end:train]

    # [start:deploy]
    step("Deploy the last checkpoint")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    if not checkpoints:
        raise GuideError(f"training job {job_id} finished without checkpoints")
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={
            "training_job_id": job_id,
            "checkpoint": max(c["checkpoint"] for c in checkpoints),
            "name": f"from-openai-{run_tag}",
        },
    )
    deployment_id = deployment["id"]
    wait_for(
        f"/v1/projects/{project_id}/deployments/{deployment_id}",
        done=lambda d: d["status"] == "Deployed",
        failed=lambda d: d["status"] in DEPLOYMENT_STOPPED,
        what=f"deployment {deployment_id}",
    )
    # [end:deploy]

    # [start:call]
    step("Ask the deployment a question")
    # `model` is the deployment's name; OpenAI's would be the job's fine_tuned_model.
    answer = api(
        "POST",
        "/v1/chat/completions",
        json={
            "model": deployment["name"],
            "messages": [
                {"role": "system", "content": "You answer customers of a bicycle repair shop in two sentences or fewer."},
                {"role": "user", "content": "My brakes rub on the rim. What do I check?"},
            ],
            "max_tokens": 80,
        },
        timeout=120,
    )
    print(answer["choices"][0]["message"]["content"].strip())
    # [end:call]

    # [start:clean-up]
    if os.environ.get("EMISSARY_CLEAN_UP") == "1":
        step("Delete the deployment")
        api("DELETE", f"/v1/projects/{project_id}/deployments/{deployment_id}")
        print("Deleted deployment", deployment_id)
    # [end:clean-up]


run(main)

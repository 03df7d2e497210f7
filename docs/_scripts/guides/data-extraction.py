# Data extraction guide, the whole API path in one script:
# check the data, create a project, upload two datasets, train with a testing function,
# pick a checkpoint, deploy it and extract fields from a new email.
# Run it in an empty folder: it writes the sample files it uploads.
# @include helpers
# [start:setup]
import json
import os
import time

# @embed data/invoices_train.jsonl
# @embed data/invoices_test.jsonl

INSTRUCTION = "Extract vendor, invoice_number, total, currency and due_date as JSON."
METRIC = os.environ.get("EMISSARY_METRIC", "list_comparison_metric")  # the testing function to score with
FINISHED_BADLY = {"Failed", "TimedOut", "Cancelled"}


# [start:check-data]
def check_jsonl(path):
    """Stop on the first row that is not a prompt plus a JSON-object completion."""
    number = 0
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            row = json.loads(line)
            if not row.get("prompt") or not isinstance(row.get("completion"), str):
                raise SystemExit(f"{path} line {number}: needs a prompt and a string completion")
            if not isinstance(json.loads(row["completion"]), dict):
                raise SystemExit(f"{path} line {number}: the completion is not a JSON object")
    print(f"{path}: {number} rows look fine")
# [end:check-data]


# [start:pick-checkpoint]
def score_of(checkpoint, metric):
    """The checkpoint's score for `metric` as a number, or None.

    How `aggregated_test_result` is keyed is not documented: use the metric's own key when it
    is there, or the only entry when there is exactly one.
    """
    results = (checkpoint.get("test_results") or {}).get("aggregated_test_result") or {}
    value = results.get(metric)
    if value is None and len(results) == 1:
        value = next(iter(results.values()))
    try:
        return float(value)
    except (TypeError, ValueError):
        return None
# [end:pick-checkpoint]


# [end:setup]
def main():
    # [start:run-tag]
    # A time stamp in every name keeps this run apart from earlier ones.
    run_tag = time.strftime("%Y%m%d-%H%M%S")
    # [end:run-tag]

    # [start:check-data-run]
    step("Check the data files")
    check_jsonl("invoices_train.jsonl")
    check_jsonl("invoices_test.jsonl")
    # [end:check-data-run]

    # [start:upload]
    step("Create a project")
    project = api("POST", "/v1/projects", json={"name": f"invoice-extraction-{run_tag}"})
    project_id = project["id"]
    print("project:", project_id)

    dataset_ids = {}
    for name, path in [
        ("invoices_train_jsonl", "invoices_train.jsonl"),
        ("invoices_test_jsonl", "invoices_test.jsonl"),
    ]:
        step(f"Upload {path}")
        with open(path, "rb") as handle:
            dataset = api(
                "POST",
                f"/v1/projects/{project_id}/datasets",
                files={"file": (path, handle, "application/jsonl")},
                data={"name": name},
                timeout=300,
            )
        dataset_ids[name] = dataset["id"]
        print(f"dataset {name}: {dataset['id']}")
        # Train only once the API reports the file as uploaded.
        wait_for(
            f"/v1/projects/{project_id}/datasets/{dataset['id']}",
            done=lambda d: d.get("is_uploaded") is True,
            what=f"the upload of {path}",
        )
    # [end:upload]

    # [start:train]
    step("List the testing functions")
    offered = [function["name"] for function in api("GET", "/v1/testing-functions")]
    print("testing functions offered:", offered)
    if METRIC in offered:
        test_functions = [METRIC]
    else:
        test_functions = []
        print(f"{METRIC} is not offered to you, so the checkpoints get no extraction score. "
              "To score them, set EMISSARY_METRIC to a name from the list above.")

    step("Create the training job")
    job = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"invoice-extractor-{run_tag}",
            "base_model": "Llama-3.2-3B-Completion",
            "task_type": "text-generation",
            "train_dataset_id": dataset_ids["invoices_train_jsonl"],
            "test_dataset_id": dataset_ids["invoices_test_jsonl"],
            "test_functions": test_functions,
            "parameters": {"num_train_epochs": 3, "learning_rate": 0.0002},
        },
    )
    job_id = job["id"]
    print("training job:", job_id, job["status"])

    step("Wait for the training job to finish")
    wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda body: body["status"] == "Success",
        failed=lambda body: body["status"] in FINISHED_BADLY,
        what="training job",
    )
    # [end:train]

    # [start:checkpoints]
    step("Compare the checkpoints")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    if not checkpoints:
        raise GuideError("the job finished without checkpoints")
    for item in checkpoints:
        results = (item.get("test_results") or {}).get("aggregated_test_result") or {}
        print(f"checkpoint {item['checkpoint']}: {results or 'no scores'}")
    scored = [(score_of(item, METRIC), item["checkpoint"]) for item in checkpoints]
    scored = [(score, number) for score, number in scored if score is not None]
    if test_functions and scored:
        best_score, best = max(scored)
        print(f"best checkpoint: {best} ({METRIC} {best_score})")
    else:
        best = checkpoints[-1]["checkpoint"]
        print(f"no score to compare; taking the last checkpoint, {best}")
    # [end:checkpoints]

    # [start:deploy]
    step("Deploy the chosen checkpoint")
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={
            "training_job_id": job_id,
            "checkpoint": best,
            "name": f"invoice-extractor-{run_tag}",
            "description": f"checkpoint {best} of training job {job_id}",
        },
    )
    deployment_id = deployment["id"]
    model = deployment["name"]

    step("Wait for the deployment")
    wait_for(
        f"/v1/projects/{project_id}/deployments/{deployment_id}",
        done=lambda body: body["status"] == "Deployed",
        failed=lambda body: body["status"] in {"Failed", "Cancelled", "Terminated", "TimedOut"},
        what="deployment",
    )
    print("deployment:", deployment_id, "called as", model)
    # [end:deploy]

    # [start:extract]
    step("Extract the fields of a new email")
    email = (
        "Good morning, Marlow Office Supply here. Invoice MOS-3310 covers the chairs "
        "delivered last week: 2,045.90 CAD, payable by 19 September 2025."
    )
    completion = api(
        "POST",
        "/v1/completions",
        json={
            "model": model,
            "prompt": f"{INSTRUCTION}\nEmail: {email}\nJSON:",
            "temperature": 0.1,
            "max_completion_tokens": 200,
        },
    )
    raw = completion["choices"][0]["text"].strip()
    try:
        print("fields:", json.loads(raw))
    except ValueError:
        print("the model answered with text that is not JSON:", raw)
    # [end:extract]

    # [start:chat]
    step("Ask the same through chat completions")
    chat = api(
        "POST",
        "/v1/chat/completions",
        json={
            "model": model,
            "messages": [{"role": "user", "content": f"{INSTRUCTION}\nEmail: {email}\nJSON:"}],
            "temperature": 0.1,
            "max_tokens": 200,
        },
    )
    print("chat reply:", chat["choices"][0]["message"]["content"])
    # [end:chat]


    # [start:clean-up]
    if os.environ.get("EMISSARY_CLEAN_UP") == "1":
        step("Delete the deployment")
        api("DELETE", f"/v1/projects/{project_id}/deployments/{deployment_id}")
        print("deleted deployment", deployment_id)
    # [end:clean-up]


run(main)

#!/usr/bin/env python3
"""Score every checkpoint and pick the best one: the API path of Testing and Evaluation (/fine-tuning/testing).

Lists the testing functions, uploads a training file and a separate test file (parcel-damaged*.jsonl,
written by the script), starts a classification job that scores each checkpoint with one testing
function, waits for it, and picks the checkpoint with the best score.
Uses the project in EMISSARY_PROJECT_ID, or creates one. Optional settings:
  EMISSARY_TEST_FUNCTION  the testing function to attach (default: the yes/no metric
                          sample_match_binary_classification_metric if listed, else the first one)
  EMISSARY_BASE_MODEL     the base model (default Llama-3.2-3B-Instruct; see GET /v1/models)
  EMISSARY_METRIC         the key of aggregated_test_result to rank by (default: see pick_metric)
  EMISSARY_LOWER_IS_BETTER=1  rank by the lowest score instead of the highest
It starts one training job on your account.
"""
# @include helpers
# [start:setup]
import os
import time


# [start:pick-metric]
DISTANCES = {"euclidean_distance", "manhattan_distance"}


def results_of(checkpoint):
    """The checkpoint's aggregated results: {key: score as text}, or {} when there are none."""
    return (checkpoint.get("test_results") or {}).get("aggregated_test_result") or {}


def pick_metric(checkpoints, wanted):
    """The key to rank by. The reference does not document how aggregated_test_result is keyed,
    so try the names we asked for, then accept a single key, and otherwise stop and ask."""
    keys = sorted({key for checkpoint in checkpoints for key in results_of(checkpoint)})
    if not keys:
        raise GuideError("No checkpoint has test results: the job had no test data or no testing function.")
    for name in wanted:
        if name in keys:
            return name
    if len(keys) == 1:
        print(f"Results are keyed {keys[0]!r}, not by the function name; ranking by it.")
        return keys[0]
    raise GuideError(f"Results have the keys {keys}; set EMISSARY_METRIC to the one to rank by.")


def best_checkpoint(checkpoints, metric, lower_is_better):
    """(checkpoint number, score) of the best checkpoint; the earlier one wins a tie."""
    scored = []
    for checkpoint in checkpoints:
        value = results_of(checkpoint).get(metric)
        try:
            score = float(value)
        except (TypeError, ValueError):
            print(f"Checkpoint {checkpoint['checkpoint']}: no number for {metric} ({value!r}); skipped.")
            continue
        print(f"Checkpoint {checkpoint['checkpoint']}: {metric} = {score}")
        scored.append((score if lower_is_better else -score, checkpoint["checkpoint"]))
    if not scored:
        raise GuideError(f"No checkpoint has a number for {metric}.")
    rank, number = min(scored)
    return number, (rank if lower_is_better else -rank)
# [end:pick-metric]


# [end:setup]
def main():
    # [start:start]
    # Sample data: a training file and a separate test file in the same layout.
    # @embed data/datasets/good/parcel-damaged.jsonl
    # @embed data/datasets/good/parcel-damaged-test.jsonl

    # [end:start]
    # [start:list-functions]
    step("List the testing functions")
    functions = api("GET", "/v1/testing-functions")
    for function in functions:
        print(function["name"], "needs", function.get("dependencies") or "no extra packages")
    names = [function["name"] for function in functions]
    # The sample file has one yes/no label per row (a binary classification head): use the
    # metric for yes/no labels.
    default = "sample_match_binary_classification_metric"
    test_function = os.environ.get("EMISSARY_TEST_FUNCTION") or (default if default in names else (names or [None])[0])
    if test_function not in names:
        raise GuideError(f"Testing function {test_function!r} is not in the list: {names}")
    print("Attaching:", test_function)
    # [end:list-functions]

    # [start:project]
    step("Use or create a project")
    project_id = os.environ.get("EMISSARY_PROJECT_ID")
    if not project_id:
        project = api("POST", "/v1/projects", json={"name": "testing-" + time.strftime("%Y%m%d-%H%M%S")})
        project_id = project["id"]
    print("Project ID:", project_id)
    # [end:project]

    # [start:upload]
    step("Upload the training and test files")
    dataset_ids = {}
    for role, file_name in (("train", "parcel-damaged.jsonl"), ("test", "parcel-damaged-test.jsonl")):
        with open(file_name, "rb") as handle:
            dataset = api(
                "POST",
                f"/v1/projects/{project_id}/datasets",
                files={"file": (file_name, handle, "application/octet-stream")},
                data={"name": f"parcel-damaged-{role}"},
                timeout=300,
            )
        dataset_ids[role] = dataset["id"]
        wait_for(
            f"/v1/projects/{project_id}/datasets/{dataset['id']}",
            done=lambda d: d.get("is_uploaded") is True,
            what=f"the upload of {file_name}",
        )
    print("Dataset IDs:", dataset_ids)
    # [end:upload]

    # [start:create-job]
    step("Start a training job that scores every checkpoint")
    job = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": "parcel-damaged-" + time.strftime("%Y%m%d-%H%M%S"),
            "base_model": os.environ.get("EMISSARY_BASE_MODEL", "Llama-3.2-3B-Instruct"),
            "task_type": "classification",
            "train_dataset_id": dataset_ids["train"],
            "test_dataset_id": dataset_ids["test"],
            "test_functions": [test_function],
            "parameters": {"num_train_epochs": 3},
        },
    )
    job_id = job["id"]
    print("Training job ID:", job_id, "test functions:", job.get("test_functions"))
    # [end:create-job]

    # [start:wait-for-job]
    step("Wait for training and testing to finish")
    job = wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda j: j["status"] == "Success",
        failed=lambda j: j["status"] in JOB_STOPPED,
        what=f"training job {job_id}",
    )
    # [end:wait-for-job]

    # [start:best-checkpoint]
    step("Pick the best checkpoint")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    wanted = [os.environ["EMISSARY_METRIC"]] if os.environ.get("EMISSARY_METRIC") else job.get("test_functions") or []
    metric = pick_metric(checkpoints, wanted)
    lower = os.environ.get("EMISSARY_LOWER_IS_BETTER") == "1" or metric in DISTANCES
    number, score = best_checkpoint(checkpoints, metric, lower)
    print(f"Best checkpoint: {number} ({metric} = {score}). Deploy it with checkpoint={number}.")
    # [end:best-checkpoint]


run(main)

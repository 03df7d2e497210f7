#!/usr/bin/env python3
"""LLMs for regression, end to end (guide: /guides/emissary-regression).

Uploads sample work orders labelled with the hours they took, fine-tunes Llama3.1-8B-Instruct
with a regression head and reads the regression score of every checkpoint. The API documents no
inference call that returns a regression value, so it deploys the best checkpoint (for the
dashboard's TESTING tab) only when EMISSARY_DEPLOY=1, and keeps that deployment.
Run it in an empty folder: it writes its own sample data. It starts one training job.
"""
# @include helpers
# [start:setup]

# Job and deployment names should be unique; the run's start time keeps them apart.
RUN_ID = time.strftime("%Y%m%d-%H%M%S", time.gmtime())


# [end:setup]
def main():
    # [start:start]
    # @embed data/workorders_train.jsonl
    # @embed data/workorders_test.jsonl

    # [end:start]
    # [start:upload]
    step("Create a project")
    project_id = api("POST", "/v1/projects", json={"name": "workorder-hours"})["id"]
    print("project:", project_id)

    datasets = {}
    for split in ["train", "test"]:
        path = f"workorders_{split}.jsonl"
        step(f"Upload {path}")
        with open(path, "rb") as handle:
            dataset = api(
                "POST",
                f"/v1/projects/{project_id}/datasets",
                files={"file": (path, handle)},
                data={"name": f"workorders_{split}"},
                timeout=300,
            )
        wait_for(
            f"/v1/projects/{project_id}/datasets/{dataset['id']}",
            done=lambda d: d.get("is_uploaded") is True,
            what=f"the upload of {path}",
        )
        datasets[split] = dataset["id"]
        print(f"{split} dataset:", dataset["id"])
    # [end:upload]

    # [start:train]
    step("Check the testing function")
    metric = "sample_match_regression_metric"
    available = [f["name"] for f in api("GET", "/v1/testing-functions")]
    if metric not in available:
        print(f"    {metric} is not available; the account lists: {', '.join(available)}", file=sys.stderr)
        metric = None

    step("Start the training job")
    job = {
        "name": f"workorder-hours-{RUN_ID}",
        "base_model": "Llama3.1-8B-Instruct",
        "task_type": "regression",
        "train_dataset_id": datasets["train"],
        "test_dataset_id": datasets["test"],
        "parameters": {"num_train_epochs": 3},
    }
    if metric:
        job["test_functions"] = [metric]
    job_id = api("POST", f"/v1/projects/{project_id}/training-jobs", json=job)["id"]
    print("training job:", job_id)
    # [end:train]

    # [start:evaluate]
    step("Wait for the training job")
    wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda j: j["status"] == "Success",
        failed=lambda j: j["status"] in {"Failed", "TimedOut", "Cancelled"},
        what=f"training job {job_id}",
    )
    step("Compare the checkpoints")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    checkpoint = pick_checkpoint(checkpoints, metric)
    print("best checkpoint:", checkpoint)
    for item in checkpoints:
        if item["checkpoint"] == checkpoint:
            print("general_test_result:", (item.get("test_results") or {}).get("general_test_result"))
    # [end:evaluate]

    # [start:deploy]
    # No API call returns a regression value: a deployment serves only the dashboard's TESTING tab,
    # and it costs money while it runs. The script deploys when you ask with EMISSARY_DEPLOY=1.
    if os.environ.get("EMISSARY_DEPLOY") == "1":
        step(f"Deploy checkpoint {checkpoint}")
        deployment = api(
            "POST",
            f"/v1/projects/{project_id}/deployments",
            json={"training_job_id": job_id, "checkpoint": checkpoint, "name": f"workorder-hours-{RUN_ID}"},
        )
        detail = wait_for(
            f"/v1/projects/{project_id}/deployments/{deployment['id']}",
            done=lambda d: d["status"] == "Deployed",
            failed=lambda d: d["status"] in {"Failed", "Cancelled", "Terminated", "TimedOut"},
            what=f"deployment {deployment['id']}",
        )
        print(f"{detail['name']}: {detail['status']} ({detail['id']}, task type {detail.get('task_type')})")
        print("test it in the dashboard's TESTING tab, then delete it (Delete deployment)")
    else:
        print(f"not deployed (EMISSARY_DEPLOY is not 1): deploy checkpoint {checkpoint} from the job's ARTIFACTS tab to test it")
    # [end:deploy]


run(main)

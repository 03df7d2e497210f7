# GRPO guide, the whole API path in one script:
# upload star-rated reviews, run a short SFT job, start a GRPO job from its checkpoint with a
# reward built from listed testing functions, rank the GRPO checkpoints by that reward, deploy
# the best one and rate a new review.
# Run it in an empty folder: it writes the sample file it uploads.
# @include helpers
# [start:setup]
import os
import time

# @embed data/reviews_train.jsonl

FINISHED_BADLY = {"Failed", "TimedOut", "Cancelled"}
# [start:reward]
REWARD = {
    "sample_match_regression_metric": 0.7,  # partial credit for a rating close to the reference
    "sample_classification_metric": 0.3,    # a bonus for the exact rating
}
# [end:reward]


# [start:weighted]
def weighted_reward(checkpoint):
    """The checkpoint's scores combined with the REWARD weights, or None.

    The key scheme of aggregated_test_result is not documented; this assumes one key per
    testing function name and gives up (None) when any of them is missing.
    """
    results = (checkpoint.get("test_results") or {}).get("aggregated_test_result") or {}
    try:
        return sum(weight * float(results[name]) for name, weight in REWARD.items())
    except (KeyError, TypeError, ValueError):
        return None
# [end:weighted]


def wait_for_job(project_id, job_id):
    return wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda body: body["status"] == "Success",
        failed=lambda body: body["status"] in FINISHED_BADLY,
        what=f"training job {job_id}",
    )


# [end:setup]
def main():
    # [start:run-tag]
    # A time stamp in every name keeps this run apart from earlier ones.
    run_tag = time.strftime("%Y%m%d-%H%M%S")
    # [end:run-tag]

    # [start:list-functions]
    step("List the testing functions")
    functions = api("GET", "/v1/testing-functions")
    for function in functions:
        needs = ", ".join(function.get("dependencies") or []) or "no extra packages"
        print(f"{function['name']}: {needs}")
    missing = sorted(set(REWARD) - {function["name"] for function in functions})
    if missing:
        raise GuideError(f"not offered to you: {missing}. Build REWARD from the names listed above.")
    # [end:list-functions]

    # [start:upload]
    step("Create a project and upload the reviews")
    project_id = api("POST", "/v1/projects", json={"name": f"review-stars-{run_tag}"})["id"]
    with open("reviews_train.jsonl", "rb") as handle:
        dataset = api(
            "POST",
            f"/v1/projects/{project_id}/datasets",
            files={"file": ("reviews_train.jsonl", handle, "application/jsonl")},
            data={"name": "reviews_train_jsonl"},
            timeout=300,
        )
    dataset_id = dataset["id"]
    print("project:", project_id, "dataset:", dataset_id)
    # Train only once the API reports the file as uploaded.
    wait_for(
        f"/v1/projects/{project_id}/datasets/{dataset_id}",
        done=lambda d: d.get("is_uploaded") is True,
        what="the upload of reviews_train.jsonl",
    )
    # [end:upload]

    # [start:sft]
    step("Start the SFT job that GRPO builds on")
    sft = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"review-stars-sft-{run_tag}",
            "base_model": "Llama-3.2-3B-Instruct",
            "train_dataset_id": dataset_id,
            "train_test_split_ratio": 20,
            "test_functions": list(REWARD),
            "parameters": {"num_train_epochs": 2},
        },
    )
    print("SFT job:", sft["id"], sft["name"])

    step("Wait for the SFT job")
    wait_for_job(project_id, sft["id"])
    sft_checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{sft['id']}/checkpoints")
    if not sft_checkpoints:
        raise GuideError("the SFT job finished without checkpoints")
    start_from = sft_checkpoints[-1]["checkpoint"]
    print("GRPO starts from SFT checkpoint", start_from)
    # [end:sft]

    # [start:create-grpo]
    step("Create the GRPO job")
    body = {
        "name": f"review-stars-grpo-{run_tag}",
        "description": "reward close and exact star ratings, from the SFT job",
        "base_model_option": "fine-tuned",
        "base_model": sft["name"],          # fine-tuned: the earlier job's name
        "checkpoint": start_from,           # required with fine-tuned
        "train_dataset_id": dataset_id,
        "train_test_split_ratio": 20,
        "task_type": "text-generation",
        "test_functions": list(REWARD),
        "reward": REWARD,
        "parameters": {
            "learning_rate": 0.00002,
            "num_train_epochs": 2,
            "num_generations": 6,
            "per_device_train_batch_size": 2,
        },
    }
    grpo = api("POST", f"/v1/projects/{project_id}/training-jobs/grpo", json=body)
    grpo_id = grpo["id"]
    print("GRPO job:", grpo_id, grpo["training_technique"], grpo["status"])
    # [end:create-grpo]

    # [start:follow]
    step("Wait for the GRPO job")
    job = wait_for_job(project_id, grpo_id)
    losses = job.get("training_loss") or []
    print("status:", job["status"], "last loss:", losses[-1]["loss"] if losses else "none reported")
    # [end:follow]

    # [start:rank]
    step("Rank the GRPO checkpoints by the reward")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{grpo_id}/checkpoints")
    if not checkpoints:
        raise GuideError("the GRPO job finished without checkpoints")
    ranking = []
    for item in checkpoints:
        results = (item.get("test_results") or {}).get("aggregated_test_result") or {}
        combined = weighted_reward(item)
        print(f"checkpoint {item['checkpoint']}: {results or 'no scores'}, weighted: {combined}")
        if combined is not None:
            ranking.append((combined, item["checkpoint"]))
    if ranking:
        best_reward, best = max(ranking)
        print(f"best checkpoint: {best} (weighted reward {best_reward:.3f})")
    else:
        best = checkpoints[-1]["checkpoint"]
        print(f"no checkpoint has a score for every reward function; taking the last, {best}")
    # [end:rank]

    # [start:deploy]
    step("Deploy the chosen GRPO checkpoint")
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={
            "training_job_id": grpo_id,
            "checkpoint": best,
            "name": f"review-stars-{run_tag}",
            "description": f"GRPO checkpoint {best}",
        },
    )
    deployment_id = deployment["id"]

    step("Wait for the deployment")
    wait_for(
        f"/v1/projects/{project_id}/deployments/{deployment_id}",
        done=lambda body: body["status"] == "Deployed",
        failed=lambda body: body["status"] in {"Failed", "Cancelled", "Terminated", "TimedOut"},
        what="deployment",
    )

    step("Rate a new review")
    reply = api(
        "POST",
        "/v1/completions",
        json={
            "model": deployment["name"],
            "prompt": "Rate this product review from 1 to 5 stars. Answer with the digit only.\n"
                      "Review: Heats up quickly, but the light is far too bright at night.\nStars:",
            "temperature": 0.0,
            "max_completion_tokens": 2,
        },
    )
    print("stars:", reply["choices"][0]["text"].strip())
    # [end:deploy]


    # [start:clean-up]
    if os.environ.get("EMISSARY_CLEAN_UP") == "1":
        step("Delete the deployment")
        api("DELETE", f"/v1/projects/{project_id}/deployments/{deployment_id}")
        print("deleted deployment", deployment_id)
    # [end:clean-up]


run(main)

#!/usr/bin/env bash
# Coming from OpenAI fine-tuning (/guides/from-openai): convert an OpenAI chat JSONL file, then
# fine-tune, deploy and call the result through this API.
#
# Converts openai_chat_train.jsonl (or the file EMISSARY_OPENAI_FILE names) into this API's chat
# layout and prints each row and field it drops or changes, with its line number. It stops before
# any call when a line cannot be converted. Then it maps the OpenAI job's hyperparameters
# (EMISSARY_OPENAI_HYPERPARAMETERS, JSON), trains Llama-3.2-1B-Instruct on the converted rows,
# deploys the last checkpoint and asks it one question. EMISSARY_CONVERT_ONLY=1 stops after the
# conversion; EMISSARY_CLEAN_UP=1 deletes the deployment at the end.
# Run it in an empty folder: it writes its own sample data. It starts one training job and one
# deployment on your account. Needs bash, curl and jq.
# @include helpers

# @embed data/openai_chat_train.jsonl

# [start:convert-rows]
# A jq program run on the raw lines: one object per line with its number, what it reports
# (`say`: [kind, text] pairs) and the converted row, or `refused` when the line cannot be converted.
CONVERT_JQ='
def truthy: . != null and . != false and . != 0 and . != "" and . != [] and . != {};
def refuse($why): error({refused: $why});
def row_why: {
  tools: "the prompt no longer lists the tools",
  functions: "the prompt no longer lists the functions",
  parallel_tool_calls: "it only steers tool calls, which this layout cannot hold"
};
def text_of($where):
  . as $content
  | (if type == "array" then . else [{type: "text", text: .}] end) as $parts
  | if ($parts | all(type == "object" and .type == "text" and (.text | type) == "string")) | not then
      refuse("\($where): the content \($content | tojson | .[:60]) is not text; images, audio and files have no counterpart")
    else $parts | map(.text) | join("\n") end
  | if test("^\\s*$") then refuse("\($where): the content is empty") else . end;
# A DPO preference pair becomes one supervised row: the input and the preferred answer.
def preference_to_chat:
  (if (.input | type) == "object" then .input else {} end) as $given
  | if ($given.messages | type) != "array" or (.preferred_output | type) != "array" then
      refuse("a preference pair needs input.messages and a preferred_output list")
    else
      {messages: ($given.messages + .preferred_output)} + ($given | del(.messages))
      + del(.input, .preferred_output, .non_preferred_output)
    end;
def convert_row:
  (if (has("messages") | not) and has("preferred_output") then
     {say: [["changed", "a DPO preference pair: input.messages and preferred_output become one supervised row; non_preferred_output is dropped, as this API has no preference training"]],
      row: preference_to_chat}
   else {say: [], row: .} end) as {say: $said, row: $row}
  | $row.messages as $given
  | if ($given | type) != "array" or ($given | length) == 0 or ($given | all(type == "object") | not) then
      refuse("no `messages` list of objects, so this is not a chat row")
    else . end
  | ([$given | to_entries[] | select(.value.role == "tool" or .value.role == "function"
      or (.value.tool_calls | truthy) or (.value.function_call | truthy)) | .key] | first) as $tool
  | if $tool != null then
      {say: ($said + [["dropped row", "messages[\($tool)] is a tool call or a tool'"'"'s answer; this API'"'"'s chat layout has neither"]]), row: null}
    elif ($given | any(.role == "assistant") | not) then
      {say: ($said + [["dropped row", "no assistant message, so nothing to learn (a reinforcement fine-tuning prompt?)"]]), row: null}
    else
      reduce ($given | to_entries[]) as $e (
        {say: ($said + [$row | keys_unsorted[] | select(. != "messages")
          | ["dropped field", "`\(.)`: \(row_why[.] // "this API'"'"'s chat rows hold only `messages` (is it a grader'"'"'s reference?)")"]]),
         row: {messages: []}};
        "messages[\($e.key)]" as $where | $e.value as $m
        | if ($m.role | IN("system", "user", "assistant") | not) then
            refuse("\($where): the role \($m.role | tojson) is none of system, user, assistant")
          else . end
        | .say += [$m | keys_unsorted[] | select(. != "role" and . != "content")
            | if . == "weight" and $m.weight == 0 then ["dropped field", "\($where): `weight` 0: this reply may now be learned (see the guide)"]
              elif . == "weight" then ["dropped field", "\($where): `weight` \($m.weight): OpenAI trains on this reply anyway"]
              else ["dropped field", "\($where): `\(.)`: messages hold only role and content here"] end]
        | .row.messages += [{role: $m.role, content: ($m.content | text_of($where))}]
        | if ($m.content | type) == "array" then
            .say += [["changed", "\($where): its \($m.content | length) text parts are joined into one string, one part per line"]]
          else . end)
    end;
[inputs] | to_entries[] | (.key + 1) as $n | .value as $raw
| try (
    if ($raw | test("^\\s*$")) then {say: [["dropped row", "an empty line"]], row: null}
    else
      # In an array, so that jq 1.6 does not send later errors to this catch.
      [$raw | try fromjson catch refuse("not valid JSON (\(.))")][0]
      | if type != "object" then refuse("not a JSON object") else convert_row end
    end
    | {line: $n} + .)
  catch (if type == "object" and has("refused") then {line: $n, refused: .refused} else error end)
'

# convert_file SOURCE TARGET: write SOURCE, OpenAI chat JSONL, to TARGET in this API's chat layout.
# Prints each change as SOURCE:LINE: KIND: TEXT; exits 1, writing nothing, if a line cannot be converted.
convert_file() {
  local source="$1" target="$2" results
  results="$(jq -nRc "$CONVERT_JQ" <"$source")"
  jq -r --arg file "$source" '.line as $n | .say[]? | "\($file):\($n): \(.[0]): \(.[1])"' <<<"$results"
  if [ "$(jq -s 'map(select(.refused)) | length' <<<"$results")" != 0 ]; then
    echo "error: cannot convert these lines, so nothing was written:" >&2
    jq -r --arg file "$source" 'select(.refused) | "\($file):\(.line): \(.refused)"' <<<"$results" >&2
    exit 1
  fi
  if [ "$(jq -s 'map(select(.row)) | length' <<<"$results")" = 0 ]; then
    echo "error: $source: no row is left to train on" >&2
    exit 1
  fi
  jq -c 'select(.row) | .row' <<<"$results" >"$target"
}
# [end:convert-rows]

# [start:map-hyperparameters]
# map_hyperparameters JSON: print this API's `parameters` for an OpenAI job's `hyperparameters`.
# What does not carry over is said on stderr.
map_hyperparameters() {
  jq -r 'to_entries[] | .key as $k | .value as $v
    | if $v == "auto" then "    \($k): auto, so left out (this API'"'"'s default is not documented)"
      elif $k == "n_epochs" then empty
      elif $k == "batch_size" then "    batch_size \($v): left out: per_device_train_batch_size counts per device, and the devices and gradient accumulation behind a job are not documented"
      elif $k == "learning_rate_multiplier" then "    learning_rate_multiplier \($v): left out: it scales a rate OpenAI does not publish, while learning_rate here is the rate itself"
      else "    \($k): no counterpart, so left out" end' <<<"$1" >&2
  jq -c 'with_entries(select(.key == "n_epochs" and .value != "auto") | .key = "num_train_epochs")' <<<"$1"
}
# [end:map-hyperparameters]

# [start:convert]
step "Convert the OpenAI file"
convert_file "${EMISSARY_OPENAI_FILE:-openai_chat_train.jsonl}" emissary_chat_train.jsonl
echo "emissary_chat_train.jsonl: $(wc -l <emissary_chat_train.jsonl | tr -d ' ') rows in this API's chat layout"
# [end:convert]
if [ "${EMISSARY_CONVERT_ONLY:-}" = "1" ]; then
  exit 0
fi

# [start:run-tag]
# A time stamp in each name keeps this run apart from earlier ones.
run_tag="$(date +%Y%m%d-%H%M%S)"
# [end:run-tag]

# [start:upload]
step "Create a project and upload the converted file"
project_id="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "from-openai-$run_tag" '{name: $name}')" | jq -er '.id')"
dataset="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@emissary_chat_train.jsonl" \
  --form "name=from-openai-$run_tag" \
  --max-time 120)"
dataset_id="$(jq -er '.id' <<<"$dataset")"
# Train only once the API reports the file as uploaded.
wait_for "/v1/projects/$project_id/datasets/$dataset_id" \
  '.is_uploaded == true' "the upload of dataset $dataset_id" >/dev/null
echo "Project $project_id dataset $dataset_id"
# [end:upload]

# [start:train]
step "Start training with the mapped hyperparameters"
# Your OpenAI job's `hyperparameters` object, as JSON.
openai="${EMISSARY_OPENAI_HYPERPARAMETERS:-}"
[ -n "$openai" ] || openai='{"n_epochs": 3, "batch_size": "auto", "learning_rate_multiplier": 1.8}'
parameters="$(map_hyperparameters "$openai")"
job="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "from-openai-$run_tag" --arg dataset "$dataset_id" --argjson parameters "$parameters" '{
    name: $name,
    base_model: "Llama-3.2-1B-Instruct",
    task_type: "text-generation",
    train_dataset_id: $dataset,
    parameters: $parameters
  }')")"
job_id="$(jq -er '.id' <<<"$job")"
wait_for "/v1/projects/$project_id/training-jobs/$job_id" \
  '.status == "Success"' "training job $job_id" "" \
  '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"' >/dev/null
# [end:train]

# [start:deploy]
step "Deploy the last checkpoint"
checkpoints="$(api GET "/v1/projects/$project_id/training-jobs/$job_id/checkpoints")"
checkpoint="$(jq -er 'map(.checkpoint) | max' <<<"$checkpoints")" || {
  echo "error: training job $job_id finished without checkpoints" >&2
  exit 1
}
deployment="$(api POST "/v1/projects/$project_id/deployments" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg job "$job_id" --argjson checkpoint "$checkpoint" --arg name "from-openai-$run_tag" \
    '{training_job_id: $job, checkpoint: $checkpoint, name: $name}')")"
deployment_id="$(jq -er '.id' <<<"$deployment")"
wait_for "/v1/projects/$project_id/deployments/$deployment_id" \
  '.status == "Deployed"' "deployment $deployment_id" "" "$DEPLOYMENT_STOPPED" >/dev/null
# [end:deploy]

# [start:call]
step "Ask the deployment a question"
# "model" is the deployment's name; OpenAI's would be the job's fine_tuned_model.
api POST /v1/chat/completions \
  --header "Content-Type: application/json" \
  --max-time 120 \
  --data "$(jq -n --arg model "$(jq -r '.name' <<<"$deployment")" '{
    model: $model,
    messages: [
      {role: "system", content: "You answer customers of a bicycle repair shop in two sentences or fewer."},
      {role: "user", content: "My brakes rub on the rim. What do I check?"}
    ],
    max_tokens: 80
  }')" | jq -r '.choices[0].message.content'
# [end:call]

# [start:clean-up]
if [ "${EMISSARY_CLEAN_UP:-}" = "1" ]; then
  step "Delete the deployment"
  api DELETE "/v1/projects/$project_id/deployments/$deployment_id" >/dev/null
  echo "Deleted deployment $deployment_id"
fi
# [end:clean-up]

# advise.sh - `maple advise`: the JSON contract, the published figures it must reproduce (the ZeRO
# paper's 7.5B model on 64 GPUs: 120 / 31.4 / 16.6 / 1.9 GB of model states), recommendations on
# real cluster profiles, a job read from its directory, the walltime from a log within a queue's
# limit, --list-models, and the errors (what, where, how to fix).
#
# Run: bash tests/cli/advise.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

R=$SRC/tests/inspect/repos
export MAPLE_STATE_DIR=$TMP/state

# Rajbhandari et al. 2020 (https://arxiv.org/abs/1910.02054), Figure 1: 7.5B parameters, 64 GPUs,
# mixed-precision Adam: 120 GB (DDP), 31.4 GB (ZeRO-1), 16.6 GB (ZeRO-2), 1.9 GB (ZeRO-3) per GPU.
run_maple advise --json --params 7.5B --gpus 64
expect_rc "ZeRO paper 7.5B" 0
expect_json "ZeRO paper 7.5B: model states per GPU in GB" \
	'.breakdown_gib | [.ddp, .zero1, .zero2, .zero3] | map(.model_states * 1073741824 / 1e9 * 10 | round / 10)' \
	'[120,31.4,16.6,1.9]'

# the contract
run_maple advise --json --model llama-2-7b --cluster perlmutter
expect_rc "llama-2-7b on perlmutter" 0
expect_json_true "contract keys" '[has("params","memory_gib_per_gpu","recommended","explain")] | all'
expect_json_true "memory for every strategy" '.memory_gib_per_gpu | [has("ddp","fsdp","zero1","zero2","zero3")] | all'
expect_json "params from the model card" '.params' '6738415616'
expect_json "DDP does not fit a 40 GB A100" '.min_gpus.ddp' 'null'
expect_json_true "a sharded strategy; recomputation chosen because it needs the fewest nodes (one of 4 GPUs)" \
	'.recommended.strategy as $s | ($s == "fsdp" or $s == "zero3") and .recommended.min_nodes == 1 and .recompute != "none"'
expect_json_true "explain cites the ZeRO paper" '.explain | contains("arxiv.org/abs/1910.02054")'
expect_json_true "explain cites Korthikanti et al." '.explain | contains("arxiv.org/abs/2205.05198")'
run_maple advise --model llama-2-7b --cluster perlmutter
expect_contains "text: the arithmetic" "$OUT" "16P          ="
expect_contains "text: the recommendation" "$OUT" "recommended:"

# small models fit under DDP on one GPU
run_maple advise --json --model gpt2 --cluster delta
expect_json "gpt2: DDP on one GPU" '.recommended' '{"strategy":"ddp","min_gpus":1,"min_nodes":1}'
run_maple advise --json --model t5-11b --cluster perlmutter --recompute none
expect_json "t5-11b: its own shape (128 heads of 128 over h=1024, d_ff 65536, 24 decoder layers)" \
	'.shape | [.head_dim, .intermediate, .gated_mlp, .cross_attention_layers]' '[128,65536,false,24]'
expect_json "t5-11b: activations from its shape, 22.04 GiB (the standard shape's formula gave 8.3)" \
	'.breakdown_gib.ddp.activations' '22.04'
expect_json_true "t5-11b: the explanation names the shape" '.explain | contains("d_a=16384 I=65536 Lx=24")'
run_maple advise --json --model flan-t5-xl --cluster perlmutter
expect_json "flan-t5-xl: gated-GELU MLP, 5120 wide" '.shape | [.gated_mlp, .intermediate, .head_dim]' '[true,5120,64]'
run_maple advise --json --model llama-2-7b --cluster perlmutter
expect_json "llama-2-7b: the standard shape, no T5 fields" '.shape | keys' '["flash_attention","heads","hidden","layers"]'
run_maple advise --json --model resnet50 --cluster polaris
expect_json "resnet50: DDP" '.recommended.strategy' '"ddp"'
expect_json_true "resnet50: activations not estimated, said" '.explain | contains("activations: not estimated")'

# ZeRO-1/2 under DeepSpeed: its own estimator (estimate_zero2_model_states_mem_needs, the same for stages 1
# and 2: 4P + 16P/N, https://deepspeed.readthedocs.io/en/latest/memory.html) must fit too, not only the paper's
# 2P + 14P/N. llama-2-7b on Perlmutter (A100 40 GB, 36.0 GiB usable), full recomputation (1.00 GiB):
#   paper ZeRO-2 at N=8: 12.55 + 87.85/8 + 1.00 + 1.5 = 26.0 GiB (fits); DeepSpeed 25.10 + 100.41/N + 2.50
#   <= 36.0 needs N >= 11.95: 12 GPUs -> at 8 GPUs ZeRO-3 (16P/N: fits at 4), not ZeRO-2
run_maple advise --json --model llama-2-7b --cluster perlmutter --framework deepspeed --nodes 2 --recompute full
expect_json "ZeRO-2 by DeepSpeed's estimator: llama-2-7b at 8 GPUs is ZeRO-3, ZeRO-2 needs 12" \
	'[.recommended.strategy, .min_gpus.zero2]' '["zero3",12]'
expect_json_true "the estimator used for ZeRO-1/2 is said" '.explain | contains("ZeRO-1/2 fit by DeepSpeed")'
# mistral-7b on Polaris (4x A100 40 GB) at 12 GPUs: DeepSpeed's 4P alone is 26.98 GiB: ZeRO-2 needs > 12
run_maple advise --json --model mistral-7b --cluster polaris --framework deepspeed --nodes 3 --recompute full
expect_json_true "ZeRO-2 by DeepSpeed's estimator: mistral-7b at 12 GPUs is not ZeRO-2" \
	'.recommended.strategy != "zero2" and .min_gpus.zero2 > 12'
# a model where both estimates fit: opt-1.3b on one Perlmutter node stays ZeRO-1 (4P + 16P/2 + activations 18.19
# + 1.5 = 34.2 GiB <= 36.0)
run_maple advise --json --model opt-1.3b --cluster perlmutter --framework deepspeed --nodes 1
expect_json "both estimates fit: opt-1.3b on 4 GPUs, ZeRO-1 at 2" '[.recommended.strategy, .min_gpus.zero1]' '["zero1",2]'
# the ZeRO paper's figures stay the table's (Figure 1 above; the memory_gib_per_gpu.zero2 figure is 2P + 14P/N)
expect_json_true "the table keeps the paper's ZeRO-2 figure" '.memory_gib_per_gpu.zero2 < .memory_gib_per_gpu.zero1'
# published sizes of models the held-out repositories of session 18 train (data/models/sam2.yaml from
# the SAM 2 checkpoint table, pixart.yaml from the PixArt-alpha paper, ViT-H as I-JEPA's vit_huge)
for pair in "sam2.1_hiera_b+ 80800000" "PixArt_XL_2 600000000" "vit_huge 632000000" "Qwen/Qwen2.5-Math-7B 7615616512"; do
	run_maple advise --json --model "${pair% *}" --cluster perlmutter
	expect_json "published size: ${pair% *}" '.params' "${pair#* }"
done
# asked GPU count: the simplest strategy that fits there
run_maple advise --json --model gpt2-medium --cluster perlmutter --nodes 2 --seq 1024 --micro-batch 4
expect_json "gpt2-medium at 8 GPUs" '[.gpus, .recommended.strategy]' '[8,"ddp"]'
run_maple advise --json --params 13B --cluster perlmutter --framework deepspeed --recompute full --micro-batch 1 --seq 2048
expect_json_true "a DeepSpeed job gets a ZeRO stage" '.recommended.strategy | startswith("zero")'
run_maple advise --json --params 13B --cluster perlmutter --framework pytorch --recompute full
expect_json "a PyTorch job gets FSDP" '.recommended.strategy' '"fsdp"'
run_maple advise --json --params 1B --precision fp32 --gpus 4
expect_json "fp32: 16 bytes, no cluster" '[.memory_gib_per_gpu.ddp > 14.9, .recommended.strategy]' '[true,null]'

# from a job's directory
run_maple advise --json --dir "$R/deepspeed" --cmd "deepspeed train.py --deepspeed_config ds_config.json" --cluster polaris
expect_rc "--dir" 0
expect_json "--dir: the job's model, batch and sequence" '[.params, .micro_batch, .seq, .job.framework]' \
	'[6738415616,2,2048,"deepspeed"]'
expect_json_true "--dir: a ZeRO stage for a DeepSpeed job" '.recommended.strategy | startswith("zero")'
# a GemmaConfig(...) that leaves the vocabulary (256000) and head width to the class: advise takes the
# class's defaults as inspect does (it assumed GPT-2's 50257 before: 2.09e9 for 2.51e9)
run_maple advise --json --dir "$R/hf-config-gemma" --cmd "torchrun --nproc_per_node 4 pretrain_gemma.py" --cluster perlmutter
expect_rc "--dir: config-class defaults" 0
expect_json_true "--dir: config-class defaults give the parameter count" '(.params - 2506174464 | fabs) < 0.01 * 2506174464'
run_maple advise --json --dir "$R/fsdp" --cluster perlmutter
expect_json_true "--dir: params from the model's shape" '.params_from | contains("from the model shape at model.py:14")'
expect_json_true "--dir: about 350M parameters (GPT-2 medium shape)" '.params > 3.4e8 and .params < 3.7e8'
# Megatron's --yaml-cfg (every argument in a YAML, language_model/model_parallel sections flattened):
# GPT-2 small's shape. By hand: 12 x 7,087,872 (layers with biases and norms) + 50,432 x 768 (GPT-2 BPE
# padded to 128 x TP 2) + 1,024 x 768 (positions) + 1,536 = 124,574,208; mixed-precision Adam holds 16
# bytes per parameter. The job's own tensor_model_parallel_size 2 puts half the model on each GPU:
# 124,574,208 / 2 x 16 / 2^30 = 0.928 GiB of model states per GPU under DDP; the command's 8 GPUs are 4
# data-parallel ranks of 2, and a quarter of that half (0.232 GiB) is what FSDP would hold.
run_maple advise --json --dir "$R/megatron-yaml" --cmd "bash examples/gpt/train_small_yaml.sh"
expect_json_true "--dir --yaml-cfg: params within 1% of the hand count" '(.params - 124574208 | fabs) < 0.01 * 124574208'
expect_json_true "--dir --yaml-cfg: 16 bytes a parameter over the job's TP 2, DDP and FSDP over 8 GPUs" \
	'[.gpus, ((.breakdown_gib.ddp.model_states - 0.928) | fabs) < 0.01, ((.breakdown_gib.fsdp.model_states - 0.232) | fabs) < 0.01] == [8, true, true]'

# The job's own tensor/pipeline layout decides the GPU count (issue 17): a GPU holds 1/(tp x pp) of the
# model and activations split tp ways (sequence parallelism), DDP or ZeRO-1 (Megatron's distributed
# optimizer) runs beside it, every count is a multiple of tp x pp.
# megatron-yaml on Perlmutter's 40 GB A100s (36 GiB usable): per GPU 0.928 + activations 12 x 1024 x 4 x
# 768 x (34 + 5 x 12 x 1024 / 768) B / 2 = 2.00 GiB + 1.5 overhead = 4.4 GiB: one data-parallel rank of 2.
run_maple advise --json --dir "$R/megatron-yaml" --cmd "bash examples/gpt/train_small_yaml.sh" --cluster perlmutter
expect_json "layout from the YAML's model_parallel section: TP 2, DDP on 2 GPUs" \
	'[.layout.tp, .layout.pp, .layout.from, .recommended.strategy, .recommended.min_gpus, .breakdown_gib.ddp.activations]' \
	'[2,1,"examples/gpt/gpt_small.yaml:11","ddp",2,2]'
# a GPU count that is no multiple of the layout: the figures are for the multiple below, and it says so
run_maple advise --json --dir "$R/megatron-yaml" --cmd "bash examples/gpt/train_small_yaml.sh" --cluster perlmutter --gpus 3
expect_json_true "--gpus 3 beside TP 2: figures for 2 GPUs, said" '.gpus == 2 and (.explain | contains("3 GPUs are not a multiple"))'
# Megatron's --tensor-model-parallel-size 2 in a launch script's variables (GPT-2 medium shape)
run_maple advise --json --dir "$R/megatron" --cmd "$(cat "$SRC/tests/inspect/expected/megatron.cmd")" --cluster perlmutter
expect_json_true "layout from --tensor-model-parallel-size: counts are multiples of 2, no FSDP/ZeRO-3 beside it" \
	'.layout.tp == 2 and .recommended.min_gpus % 2 == 0 and .min_gpus.fsdp == 2 and (.recommended.strategy | IN("ddp", "zero1")) and (.explain | contains("not beside the job'"'"'s tensor/pipeline layout"))'
# NeMo 2.0's MegatronStrategy(tensor_model_parallel_size=4, pipeline_model_parallel_size=2) on 80 GB
# A100s (72 GiB usable), 46.7e9 parameters: 5.838e9 a GPU; ZeRO-1 4P' = 21.75 GiB + 12P'/N (65.25 GiB
# / N) + 1.00 GiB of activations (full recomputation, s 32768, / 4) + 1.5 GiB: N = 2, 16 GPUs, 4 nodes.
run_maple advise --json --dir "$R/nemo2-tp" --cmd "$(cat "$SRC/tests/inspect/expected/nemo2-tp.cmd")" --cluster perlmutter:gpu80
expect_json "layout tp 4 x pp 2: ZeRO-1 over 2 ranks of 8 GPUs" \
	'[.layout.tp, .layout.pp, .recommended.strategy, .recommended.min_gpus, .recommended.min_nodes, .min_gpus.ddp]' \
	'[4,2,"zero1",16,4,null]'
# Megatron's Mixtral example: --pipeline-model-parallel-size 4 and --expert-model-parallel-size 8. By hand:
# routed experts 32 layers x 8 x 3 x 4096 x 14336 = 45,097,156,608 of 46,853,791,744; a GPU holds
# (46.854e9 - 45.097e9) / 4 + 45.097e9 / 32 = 1.848e9 parameters, 16 B each = 27.5 GiB under DDP: one
# data-parallel rank would fit 72 GiB, but the ranks are a multiple of 8: 8 x 4 = 32 GPUs = 8 nodes of 4.
run_maple advise --json --dir "$R/megatron-moe" --cmd "$(cat "$SRC/tests/inspect/expected/megatron-moe.cmd")" --cluster perlmutter:gpu80
expect_json "layout pp 4 x ep 8: 32 GPUs, 1.848e9 parameters a GPU" \
	'[.layout.pp, .layout.ep, .recommended.min_gpus, .recommended.min_nodes, ((.breakdown_gib.ddp.model_states - 27.5) | fabs) < 0.3]' \
	'[4,8,32,8,true]'
# a NeMo job that keeps tensor_model_parallel_size 1: no layout, the whole model per data-parallel GPU
run_maple advise --json --dir "$R/nemo-gpt" --cmd "$(cat "$SRC/tests/inspect/expected/nemo-gpt.cmd")" --cluster perlmutter
expect_json_true "tensor_model_parallel_size 1: no layout, FSDP still an option" '.layout == null and .min_gpus.fsdp != null'
# torchtitan's FSDP beside tensor parallelism (issue 17, session 15): [parallelism] tensor_parallel_degree 8
# with data_parallel_shard_degree -1 is FSDP over the ranks TP leaves, so FSDP (not ZeRO-1) is the
# strategy beside the layout; the job's own activation_checkpoint.mode full is where the advice starts.
# By hand on Perlmutter's 80 GB A100s (72 GiB usable): 70.55e9 / 8 = 8.819e9 parameters a GPU, 16 B each
# = 141.1e9 B sharded over N; activations 2 s b h L / t = 2 x 8192 x 8 x 8192 x 80 / 8 = 10 GiB, a gathered
# layer 2 x 8.819e9 / 80 x 2 B = 0.44 GB, 1.5 GiB overhead: N >= 141.1e9 / (77.3e9 - 12.8e9) = 2.2, so 3
# data-parallel ranks x 8 = 24 GPUs = 6 nodes of 4. DDP never fits (141 GB a GPU).
run_maple advise --json --dir "$R/torchtitan-2d" --cmd "$(cat "$SRC/tests/inspect/expected/torchtitan-2d.cmd")" --cluster perlmutter:gpu80
expect_json "torchtitan FSDP x TP 8: FSDP over 3 ranks of 8, the job's full recomputation, 10 GiB of activations" \
	'[.layout.tp, .layout.data_parallel, .recommended.strategy, .recommended.min_gpus, .recommended.min_nodes, .min_gpus.ddp, .recompute, .breakdown_gib.fsdp.activations]' \
	'[8,"fsdp","fsdp",24,6,null,"full",10]'
expect_contains "the job's own recomputation, with its file and line" "$(jq -r .explain <<<"$OUT")" \
	"the job's own recomputation: activation_checkpoint.mode at torchtitan/models/llama3/train_configs/llama3_70b.toml:31"
# Context parallelism (torchtitan --parallelism.context_parallel_degree 4 with TP 2): each 32768-token
# sequence is split 4 ways, so are its activations: selective (the job's), L x 34 s b h / (t x c) =
# 32 x 34 x 32768 x 4096 / 8 = 17 GiB; the weights are whole within the CP group (8.03e9 / 2 a GPU, 16 B
# each = 64.2e9 B: DDP never fits), FSDP shards over data-parallel x context-parallel ranks: 2 shards
# suffice, one data-parallel rank of 2 x 4 = 8 GPUs.
run_maple advise --json --dir "$R/torchtitan-cp" --cmd "$(cat "$SRC/tests/inspect/expected/torchtitan-cp.cmd")" --cluster perlmutter:gpu80
expect_json "torchtitan TP 2 x CP 4: activations / 8, FSDP on 8 GPUs" \
	'[.layout.tp, .layout.cp, .recommended.strategy, .recommended.min_gpus, .min_gpus.ddp, .breakdown_gib.fsdp.activations]' \
	'[2,4,"fsdp",8,null,17]'
# Megatron --context-parallel-size 2 beside TP 4 x PP 2 and --recompute-granularity full: 16 layers a
# stage, 2 s b h L / (t x c) = 2 x 32768 x 4096 x 16 / 8 = 0.5 GiB; 8.03e9 / 8 parameters a GPU under DDP
# fit, so one data-parallel rank: 4 x 2 x 2 = 16 GPUs, every count a multiple of 16.
run_maple advise --json --dir "$R/megatron-cp" --cmd "$(cat "$SRC/tests/inspect/expected/megatron-cp.cmd")" --cluster perlmutter:gpu80
expect_json "Megatron TP 4 x PP 2 x CP 2: 16 GPUs, the job's full recomputation" \
	'[.layout.tp, .layout.pp, .layout.cp, .layout.data_parallel, .recommended.min_gpus, .recompute, .breakdown_gib.ddp.activations]' \
	'[4,2,2,"ddp/zero1",16,"full",0.5]'

# an encoder-decoder's own config: T5's keys (d_model, d_kv, d_ff, num_layers = the encoder's,
# num_decoder_layers, feed_forward_proj), no known model name
mkdir -p "$TMP/t5job"
cat >"$TMP/t5job/config.json" <<'EOF'
{"model_type": "t5", "d_model": 2048, "d_kv": 128, "d_ff": 8192, "num_heads": 24, "num_layers": 12,
 "num_decoder_layers": 6, "feed_forward_proj": "gated-gelu", "vocab_size": 32128, "is_encoder_decoder": true}
EOF
printf 'from transformers import T5Config, T5ForConditionalGeneration\nconfig = T5Config.from_pretrained(".")\nmodel = T5ForConditionalGeneration(config)\n' >"$TMP/t5job/train.py"
run_maple advise --json --dir "$TMP/t5job" --cmd "torchrun --nproc_per_node 4 train.py" --cluster perlmutter
expect_json "--dir T5 config: encoder + decoder layers, 6 with cross-attention, heads of 128, gated" \
	'.shape | [.layers, .cross_attention_layers, .head_dim, .intermediate, .gated_mlp]' '[18,6,128,8192,true]'
expect_json_true "--dir T5 config: params count the cross-attention" '.params_from | contains("cross-attention")'

# walltime from a log of the same job
run_maple advise --json --model gpt2 --cluster perlmutter --gpus 4 --log "$SRC/tests/logs/plain.log"
expect_json "walltime: estimated" '[.walltime.estimate_s, .walltime.gpus]' '[2062,4]'
expect_json "walltime: request with margin, rounded to 15 min" '.walltime.suggested_minutes' '60'
run_maple advise --json --model gpt2 --cluster perlmutter --gpus 8 --log-gpus 4 --log "$SRC/tests/logs/plain.log"
expect_json "walltime: twice the GPUs, 90% efficiency" '.walltime.estimate_s' '1146'
run_maple advise --json --model gpt2 --cluster perlmutter --gpus 4 --queue debug --log "$SRC/tests/logs/timelimit.log"
expect_json "walltime: no total in the log, no estimate" '.walltime.estimate_s' 'null'
printf '2024-01-01 00:00:00 step 1/100000\n2024-01-01 01:00:00 step 1001/100000\n' >"$TMP/long.log"
run_maple advise --json --model gpt2 --cluster perlmutter --gpus 4 --queue debug --log "$TMP/long.log"
expect_json "walltime: capped at the queue's limit" '[.walltime.queue, .walltime.suggested_minutes, .walltime.queue_limit_minutes == .walltime.suggested_minutes]' '["debug",30,true]'
expect_json_true "walltime: says how many runs" '.walltime.runs > 1 and (.explain | contains("checkpointed runs"))'

# ---- a table of model x cluster cases against the arithmetic, computed here independently ------
# per GPU (ZeRO paper, 16 B/param mixed Adam): DDP 16P, ZeRO-1 4P+12P/N, ZeRO-2 2P+14P/N, ZeRO-3/FSDP
# a mixture of experts: activations and parameters per routed and shared expert. Mixtral 8x7B at s=4096, b=1,
# selective recomputation, by hand: 32 layers x 4096 x (10h 40960 + 8d_a 32768 + one more expert input 2h 8192
# + 2 experts x 6 x 14336 = 172032 + router 4E = 32) = 33,290,190,848 B = 31.00 GiB (the dense formula, 34sbh
# per layer, gave 17.00). DeepSeek-MoE 16B: 1 dense layer 4096 x (20480 + 16384 + 6 x 10944) = 419,954,688 B and
# 27 MoE layers 4096 x (36864 + 2h x 7 = 28672 + 8 experts (6 routed + 2 shared) x 6 x 1408 = 67584 + 256)
# = 14,750,318,592 B: 15,170,273,280 B = 14.13 GiB.
run_maple advise --json --model mixtral-8x7b --seq 4096 --micro-batch 1 --recompute selective
expect_json "mixtral-8x7b: MoE shape (8 experts, 2 per token, SwiGLU 14336)" \
	'.shape.moe | [.experts, .experts_per_token, .shared_experts, .expert_intermediate]' '[8,2,0,14336]'
expect_json "mixtral-8x7b: activations of 2 experts per token, 31.00 GiB by hand (17.00 dense)" \
	'.breakdown_gib.ddp.activations * 100 | round' '3100'
run_maple advise --json --model deepseek-moe-16b --seq 4096 --micro-batch 1 --recompute selective
expect_json "deepseek-moe-16b: 1 dense layer, 6 routed + 2 shared experts of 1408, 14.13 GiB by hand" \
	'.breakdown_gib.ddp.activations * 100 | round' '1413'
# Llama 3.2 (SwiGLU, intermediate 8192, from config.json) at s=2048, b=1, selective recomputation, by hand:
# 1B: 16P = 16 x 1,235,814,400 = 19,773,030,400 B = 18.415 GiB; activations 16 layers x 2048 x (10h 20480 +
# 8d_a 16384 + 6I 49152 = 86016) = 2,818,572,288 B = 2.625 GiB; DDP 18.415 + 2.625 + 1.5 = 22.54 GiB (the plain
# 4h MLP gave 2.125 GiB of activations). 3B: 16P = 51,403,997,184 B = 47.874 GiB; 28 x 2048 x (30720 + 24576
# + 49152 = 104448) = 5,989,466,112 B = 5.578 GiB; DDP 54.95 GiB.
run_maple advise --json --model llama-3.2-1b --cluster perlmutter --seq 2048 --micro-batch 1 --recompute selective
expect_json "llama-3.2-1b: gated MLP activations 2.63 GiB, DDP 22.54 GiB by hand" \
	'[(.breakdown_gib.ddp.activations * 100 | round), (.memory_gib_per_gpu.ddp * 100 | round)]' '[263,2254]'
run_maple advise --json --model meta-llama/Llama-3.2-3B --cluster perlmutter --seq 2048 --micro-batch 1 --recompute selective
expect_json "llama-3.2-3b: gated MLP activations 5.58 GiB, DDP 54.95 GiB by hand" \
	'[(.breakdown_gib.ddp.activations * 100 | round), (.memory_gib_per_gpu.ddp * 100 | round)]' '[558,5495]'
run_maple advise --json --model Qwen/Qwen1.5-MoE-A2.7B --cluster perlmutter --recompute selective
expect_json "qwen1.5-moe: every expert counted in the parameters (14.3B)" '.params' '14300000000'
expect_json_true "qwen1.5-moe: the explanation names the experts" '.explain | contains("Lm=24 E=60 r=4+4 I_e=1408")'
# a MoE config read from the job (tests/inspect/repos/moe-config): 640,327,680 parameters by hand (see its
# expected file), 8 experts, 2 per token
run_maple advise --json --dir "$R/moe-config" --cmd "torchrun --nproc_per_node 4 train.py" --cluster polaris
expect_json "moe config: parameters per expert and router, and its MoE shape" \
	'[.params, .shape.moe.experts, .shape.moe.experts_per_token, .shape.moe.expert_intermediate]' '[640327680,8,2,2816]'
# 16P/N + 2 gathered layers (2*(P/L)*2 B: a mixture of experts gathers all experts of a layer); activations (Korthikanti et al.) per layer none
# sbh(34+5as/h), selective 34sbh, full 2sbh; 1.5 GiB overhead; 90% of the card usable. A T5-style shape
# (head width d, MLP width I, gated MLP, Lx decoder layers with cross-attention) generalises the 34h:
# per layer sb(10h + 8ad + 4I or 6I) + 5as^2b, per cross-attention layer sb(5h + 8ad) + 5as^2b.
ARITH='
  def gib: . / 1073741824;
  .params as $P | (.gpus) as $N | (.seq // 2048) as $s | (.micro_batch // 1) as $b
  | (if .shape then .shape.hidden else 0 end) as $h | (if .shape then .shape.layers else 0 end) as $L
  | (if .shape then .shape.heads else 0 end) as $a
  | (if .shape.head_dim then .shape.head_dim * $a else $h end) as $da
  | (.shape.intermediate // (4*$h)) as $I | (if .shape.gated_mlp then 6 else 4 end) as $k
  | (.shape.cross_attention_layers // 0) as $Lx
  | (if .recompute == "selective" or .shape.flash_attention then 0 else 5*$a*$s*$s*$b end) as $sc
  | (if .shape.moe then $L - .shape.moe.dense_layers else 0 end) as $Lm
  | (if .shape.moe then $s*$b*(10*$h + 8*$da + 2*$h*(.shape.moe.experts_per_token + .shape.moe.shared_experts - 1)
       + (.shape.moe.experts_per_token + .shape.moe.shared_experts)*$k*.shape.moe.expert_intermediate
       + 4*.shape.moe.experts) + $sc else 0 end) as $moe
  | (if $h == 0 then 0 elif .recompute == "full" then 2*$s*$b*$h*$L
     else ($L-$Lm)*($s*$b*(10*$h + 8*$da + $k*$I) + $sc) + $Lm*$moe + $Lx*($s*$b*(5*$h + 8*$da) + $sc) end) as $act
  | (if $L > 0 then 2*($P/$L)*2 else 0 end) as $gat
  | {ddp: (16*$P + $act), zero1: (4*$P + 12*$P/$N + $act), zero2: (2*$P + 14*$P/$N + $act),
     zero3: (16*$P/$N + $act + $gat), fsdp: (16*$P/$N + $act + $gat)}
  | map_values(gib + 1.5)'
table_ok=0
table_n=0
for model in gpt2 gpt2-xl bert-large t5-3b t5-11b flan-t5-xl vit-l-16 mae-vit-base-patch16 mae-vit-huge-patch14 opt-1.3b llama-2-7b mistral-7b qwen2-7b gemma-7b \
	llama-2-13b falcon-40b mixtral-8x7b llama-2-70b gpt3-175b t5-v1_1-xl mt5-xxl ppyoloe-plus-crn-x qwen1.5-moe-a2.7b deepseek-moe-16b mixtral-8x22b; do
	for cluster in perlmutter polaris vista frontier delta lonestar6 bridges2; do
		table_n=$((table_n + 1))
		out=$("$MAPLE" advise --json --model "$model" --cluster "$cluster" 2>/dev/null) || { echo "# $model $cluster: exit $?"; continue; }
		want=$(printf '%s' "$out" | jq -c "$ARITH")
		# every strategy's figure within 10% of the arithmetic
		close=$(printf '%s' "$out" | jq --argjson w "$want" '[.memory_gib_per_gpu | to_entries[] | ((.value - $w[.key]) | fabs) <= 0.1 * $w[.key]] | all')
		# the fewest nodes over the recomputation levels
		best=$(for rc in none selective full; do "$MAPLE" advise --json --model "$model" --cluster "$cluster" --recompute $rc 2>/dev/null |
			jq '.recommended.min_nodes // 1e9'; done | sort -n | head -1)
		nodes=$(printf '%s' "$out" | jq '.recommended.min_nodes // 1e9')
		if [ "$close" = true ] && [ "$nodes" = "$best" ]; then
			table_ok=$((table_ok + 1))
		else
			echo "# $model on $cluster: figures within 10%: $close; nodes $nodes, fewest over recomputation levels $best"
		fi
	done
done
expect_eq "model x cluster table: $table_ok of $table_n within 10% of the arithmetic, on the fewest nodes" "$table_ok" "$table_n"
# model x cluster pairs checked by hand (session 17), on clusters and models outside the table above.
# FSDP per GPU = 16P/N + activations + 2 gathered layers (2*(P/L)*2 B) + 1.5 GiB, against 90% of the card:
# opt-30b on lonestar6 (3x A100 40GB): full recomputation 2sbhL = 1.31 GiB, gathered 2.33 GiB; N=15: 29.77 +
#   5.14 = 34.9 <= 36.0, N=14: 31.9 + 5.14 = 37.0 > 36.0 -> 15 GPUs, 5 nodes
# qwen2-7b on delta (4x A100 40GB, s=32768): full 6.12 GiB, gathered 1.01; N=5: 22.7 + 8.63 = 31.3, N=4: 37.0 -> 5 GPUs,
#   2 nodes (no level fits one node: 16P/4 alone is 28.4 GiB)
# llama-3.1-8b on aurora (12 tiles of 64 GiB, s=8192): selective 34sbhL = 34.0 GiB; N=6: 19.9 + 36.4 = 56.4 <= 57.6
#   -> 6 tiles, 1 node (full recomputation fits 3 tiles, also 1 node: the tie keeps less recomputation)
# falcon-40b on stampede3 (4x H100 96 GB): full 1.88 GiB, gathered 2.60; N=8: 77.9 + 5.98 = 83.9 <= 86.4, N=7: 95.0 ->
#   8 GPUs, 2 nodes
# llama-2-13b on deltaai (4x GH200 96 GB): selective 26.56 GiB, gathered 1.21; N=4: 48.5 + 29.3 = 77.8 -> 1 node
for pair in "opt-30b lonestar6 15 5" "qwen2-7b delta 5 2" "llama-3.1-8b aurora 6 1" "falcon-40b stampede3 8 2" "llama-2-13b deltaai 4 1"; do
	set -- $pair
	run_maple advise --json --model "$1" --cluster "$2"
	expect_json "$1 on $2 (by hand): FSDP on $3 GPUs, $4 nodes" '[.recommended.strategy, .recommended.min_gpus, .recommended.min_nodes]' "[\"fsdp\",$3,$4]"
done
# held-out round of session 19 (tests/advise/round_s19.py computes them from published config.json shapes, at
# the sequence the tool states: the model's context): model, cluster, strategy kind, the fewest nodes
for case in "pythia-12b aurora sharded 1" "qwen2-72b stampede3 sharded 7" "meta-llama/Llama-3.1-70B deltaai sharded 4" \
	"chatglm3-6b lonestar6 sharded 1" "starcoder2-15b anvil sharded 3" "opt-6.7b vista sharded 2" \
	"pythia-6.9b polaris sharded 1" "pythia-1b vista ddp 1" "falcon-7b bridges2 sharded 1" "mpt-7b frontier sharded 1"; do
	set -- $case
	run_maple advise --json --model "$1" --cluster "$2"
	expect_json_true "$1 on $2 (round 19, by hand): $3 on $4 nodes" \
		"(.recommended.strategy == \"ddp\") == (\"$3\" == \"ddp\") and .recommended.min_nodes == $4"
done
# held-out round of session 22 (tests/advise/round_s22.py, the same arithmetic with each model's
# intermediate size and gated MLP): model, cluster, the fewest GPUs and nodes (gpt-j-6b: 1 node either way)
for case in "mistral-7b perlmutter 4 1" "gemma-7b frontier 3 1" "yi-34b polaris 18 5" "codellama-34b vista 8 8" \
	"gpt-neox-20b bridges2 13 2" "baichuan2-13b anvil 7 2" "internlm2-20b delta 20 5" "qwen3-8b lonestar6 5 2" \
	"bloom-7b1 deltaai 2 1" "deepseek-llm-67b stampede3 14 4"; do
	set -- $case
	run_maple advise --json --model "$1" --cluster "$2"
	expect_json "$1 on $2 (round 22, by hand): FSDP on $3 GPUs, $4 nodes" '[.recommended.strategy, .recommended.min_gpus, .recommended.min_nodes]' "[\"fsdp\",$3,$4]"
done
run_maple advise --json --model gpt-j-6b --cluster aurora
expect_json "gpt-j-6b on aurora (round 22, by hand): sharded on 1 node" '[.recommended.strategy, .recommended.min_nodes]' '["fsdp",1]'
# held-out round of session 23 (tests/advise/round_s23.py, models not in earlier rounds): model, cluster,
# sharded or DDP, the fewest nodes by the arithmetic
for case in "qwen2.5-14b perlmutter sharded 3" "qwen2.5-32b frontier sharded 2" "falcon-40b polaris sharded 6" \
	"opt-30b delta sharded 4" "llama-3-8b vista sharded 2" "phi-2 lonestar6 sharded 1" "gemma-2b bridges2 sharded 1" \
	"codellama-13b anvil sharded 2" "mpt-30b aurora sharded 1" "starcoder deltaai sharded 1" \
	"stablelm-3b-4e1t stampede3 ddp 1"; do
	set -- $case
	run_maple advise --json --model "$1" --cluster "$2"
	expect_json_true "$1 on $2 (round 23, by hand): $3 on $4 nodes" \
		"(.recommended.strategy == \"ddp\") == (\"$3\" == \"ddp\") and .recommended.min_nodes == $4"
done
# held-out round of session 24 (tests/advise/round_s24.py, models not in earlier rounds): the same check
for case in "llama-2-13b polaris sharded 2" "opt-13b frontier sharded 1" "phi-3-mini lonestar6 sharded 1" \
	"gemma-2-9b delta sharded 2" "deepseek-coder-33b deltaai sharded 2" "bloom-176b perlmutter sharded 31" \
	"llama-3-70b aurora sharded 3" "starcoder2-7b bridges2 sharded 1" "internlm2-7b vista sharded 2" \
	"yi-6b anvil sharded 1" "opt-66b stampede3 sharded 4"; do
	set -- $case
	run_maple advise --json --model "$1" --cluster "$2"
	expect_json_true "$1 on $2 (round 24, by hand): $3 on $4 nodes" \
		"(.recommended.strategy == \"ddp\") == (\"$3\" == \"ddp\") and .recommended.min_nodes == $4"
done
# held-out round of session 25 (tests/advise/round_s25.py: grouped-query attention, mixtures of experts, 32k-64k
# sequences): the same check, and a mixture of experts says the total count decides the memory and gives the
# active one (Mixtral 8x22B: 39B active of 141B; Qwen1.5-MoE-A2.7B: 2.7B of 14.3B)
for case in "mixtral-8x22b frontier sharded 56" "mixtral-8x22b deltaai sharded 16" "qwen1.5-moe-a2.7b delta sharded 2" \
	"qwen1.5-moe-a2.7b anvil sharded 2" "llama-3.1-405b aurora sharded 40" "llama-3.1-405b vista sharded 147" \
	"qwen2-7b polaris sharded 2" "qwen2.5-3b lonestar6 sharded 1" "gemma-2-27b vista sharded 6" \
	"mistral-nemo-12b stampede3 sharded 1" "qwen3-4b bridges2 sharded 1" "llama-3.2-3b perlmutter sharded 1"; do
	set -- $case
	run_maple advise --json --model "$1" --cluster "$2"
	expect_json_true "$1 on $2 (round 25, by hand): $3 on $4 nodes" \
		"(.recommended.strategy == \"ddp\") == (\"$3\" == \"ddp\") and .recommended.min_nodes == $4"
done
run_maple advise --json --model mixtral-8x22b --cluster frontier
expect_json_true "mixtral-8x22b: the active count beside the total, and the total decides the memory" \
	'.params == 140630071296 and (.active_params > 38000000000 and .active_params < 40500000000) and (.memory_from | test("total"))'
run_maple advise --model qwen1.5-moe-a2.7b --cluster delta
expect_contains "qwen1.5-moe-a2.7b: the text says the total decides the memory" "$OUT" "P is the total count and decides the memory"
# held-out round of session 26 (tests/advise/round_s26.py: vision and diffusion transformers whose activations grow
# with the micro-batch and the resolution, 64k-128k decoders with flash attention, Mixtral and DeepSeek-MoE):
# sharded or DDP, the fewest nodes, and for the vision ones the recomputation the arithmetic picks
for case in "vit-h-14 polaris ddp 1 full --micro-batch 128" "vit-l-16 bridges2 ddp 1 selective --micro-batch 128" \
	"vit-l-16 perlmutter ddp 1 selective --resolution 384 --micro-batch 32" \
	"vit-b-16 anvil ddp 1 full --resolution 512 --micro-batch 128" "dit-xl-2 delta ddp 1 none --micro-batch 32" \
	"dit-xl-2 lonestar6 ddp 1 selective --resolution 512 --micro-batch 8" \
	"llama-3.1-8b vista sharded 3 full --seq 131072 --attention flash" \
	"llama-3.1-8b perlmutter sharded 20 full --seq 131072 --attention flash" \
	"qwen2-7b frontier sharded 1 full --seq 65536 --attention flash" "mixtral-8x7b polaris sharded 9 full" \
	"mixtral-8x7b stampede3 sharded 3 full --seq 4096"; do
	set -- $case
	m=$1 cl=$2 kind=$3 n=$4 rc=$5
	shift 5
	run_maple advise --json --model "$m" --cluster "$cl" "$@"
	expect_json_true "$m on $cl $* (round 26, by hand): $kind on $n nodes, recomputation $rc" \
		"(.recommended.strategy == \"ddp\") == (\"$kind\" == \"ddp\") and .recommended.min_nodes == $n and .recompute == \"$rc\""
done
run_maple advise --json --model vit-l-16 --cluster perlmutter --resolution 384
expect_json "--resolution 384 with patch 16: 24^2 patches + the class token" '.seq' '577'
run_maple advise --json --model dit-xl-2 --resolution 512
expect_json "--resolution 512 of a DiT: (512/8/2)^2 latent patches" '.seq' '1024'
run_maple advise --model vit-l-16 --resolution 380
expect_rc "--resolution that is no multiple of the patch" 2
expect_contains "--resolution 380: the sizes that are" "$ERR" "try 368 or 384"
run_maple advise --model llama-2-7b --resolution 384
expect_rc "--resolution of a model with no patch size" 2
expect_contains "--resolution of a decoder: says to give --seq" "$ERR" "give --seq"
run_maple advise --model vit-l-16 --resolution 384 --seq 577
expect_rc "--resolution and --seq together" 2
run_maple advise --json --model efficientvit-b1
expect_json "efficientvit-b1: its parameters from data/models (the model zoo's 9.1M)" '.params' '9100000'
run_maple advise --json --model gpt3-175b --cluster vista
expect_json "GPT-3 175B on one GPU per node: 36 nodes (full recomputation), not 1,577" '[.recommended.min_nodes, .recompute]' '[36,"full"]'
run_maple advise --json --params 7B --cluster perlmutter
expect_json_true "--params: a shape is assumed for the activations, and said" \
	'(.shape.hidden > 0) and (.params_from | contains("shape assumed"))'
expect_json_true "--params: activations counted" '.breakdown_gib.fsdp.activations > 0'
run_maple advise --json --model llama-2-7b --cluster perlmutter --attention flash --recompute none
run_maple_flash=$OUT
run_maple advise --json --model llama-2-7b --cluster perlmutter --attention eager --recompute none
expect_json_true "FlashAttention keeps no score matrices: fewer activations" \
	"$(printf '%s' "$run_maple_flash" | jq '.breakdown_gib.fsdp.activations') < .breakdown_gib.fsdp.activations"
run_maple advise --json --model llama-2-70b --cluster polaris
expect_json_true "explain: DeepSpeed's estimators and the Transformers budget as cross-checks" \
	'.explain | contains("estimate_zero2") and contains("model_memory_anatomy")'
run_maple advise --model gpt3-175b --cluster polaris --recompute none
expect_contains "tensor/pipeline options when sharding alone needs many GPUs" "$OUT" "TP="

# the model list
run_maple advise --list-models
expect_contains "list: llama-2-7b" "$OUT" "llama-2-7b"
expect_contains "list: sources" "$OUT" "https://"

# generate --auto: fields filled from inspect + advise through the normal generate path
run_maple generate --auto --json --dir "$R/deepspeed" "on polaris, account MyProj, 2 hours"
expect_rc "generate --auto: ok" 0
expect_json "generate --auto: filled from the job" '.request | [.framework, .strategy, .script, .nodes]' \
	'["deepspeed","zero3","train.py",1]'
expect_json "generate --auto: four fields filled" '.filled | length' '4'
expect_json_true "generate --auto: each says why" '.filled | map(test("\\(.*\\)")) | all'
expect_json_true "generate --auto: the strategy's source" '.filled | map(test("strategy: zero3 .*ds_config.json:16")) | any'
expect_json_true "generate --auto: the node count's arithmetic" '.filled | map(test("nodes: 1 .*GiB per GPU")) | any'
expect_json_true "generate --auto: the script is rendered" '.script | contains("train.py")'
run_maple generate --auto --json --dir "$R/hf-trainer" "on perlmutter, 4 nodes, FSDP, account m1, 1 hour"
expect_json "generate --auto: stated fields win" '.request | [.nodes, .strategy]' '[4,"fsdp"]'
expect_json_true "generate --auto: nothing filled over the request" '.filled | map(test("^(nodes|strategy)")) | any | not'
run_maple generate --auto --dir "$R/lightning" "on delta, account bbka, 2 hours"
expect_rc "generate --auto text" 0
expect_contains "generate --auto text: says what it filled" "$ERR" "maple: filled framework: deepspeed (a Lightning job whose strategy is DeepSpeed"
run_maple generate --auto --json --dir "$R/hf-trainer" "2 hours"
expect_rc "generate --auto without a cluster: incomplete" 3
expect_json_true "generate --auto without a cluster: says why counts are not advised" '.warnings | map(test("no cluster")) | any'
run_maple generate --auto --dir "$TMP/none" "on perlmutter"
expect_rc "generate --auto on a missing directory" 2
run_maple generate --dir "$R/ddp" "on perlmutter 1 node train.py"
expect_rc "--dir without --auto" 2
run_maple generate "train.py --lr 1 on perlmutter, 1 node, account m1, 1 hour" --json
expect_json "no --auto: no filled key" 'has("filled")' 'false'

# errors
run_maple advise --json --model no-such-model
expect_rc "unknown model" 2
expect_contains "unknown model: how to fix" "$ERR" "--params N"
run_maple advise --model gpt2 --cluster nowhere
expect_rc "unknown cluster" 2
run_maple advise --params lots
expect_rc "bad --params" 2
expect_contains "bad --params: what works" "$ERR" "1.3B"
run_maple advise --model gpt2 --nodes 2
expect_rc "--nodes without a cluster" 2
run_maple advise --model gpt2 --log "$TMP/none.log"
expect_rc "missing log" 2
run_maple advise
expect_rc "no model" 2
expect_contains "no model: what to give" "$ERR" "--model NAME"
# node types: the cluster's others are advised too when none is named (Perlmutter's 80 GB A100s need
# fewer nodes for a 70B model; Delta's H200 and MI100 partitions take one node per job); ID:TYPE and
# --queue advise that node type alone
run_maple advise --json --model llama-2-70b --cluster perlmutter
expect_rc "70B on perlmutter" 0
expect_eq "70B on perlmutter: default node type" "$(jq -r .node_type <<<"$OUT")" gpu40
expect_eq "70B on perlmutter: gpu80 advised too" "$(jq -r '.node_types[0].node_type' <<<"$OUT")" gpu80
expect_eq "70B on perlmutter: gpu80 needs fewer nodes" \
	"$(jq -r '(.node_types[0].min_nodes < .recommended.min_nodes)' <<<"$OUT")" true
run_maple advise --model llama-2-70b --cluster delta
expect_contains "70B on delta: H200 nodes limited by their queue" "$OUT" "h200x8 (8x NVIDIA H200 (141 GB), 141 GB): FSDP needs 2 nodes, but its queues allow at most 1"
run_maple advise --json --model llama-2-70b --cluster perlmutter:gpu80
expect_eq "perlmutter:gpu80: that node type alone" "$(jq -r '[.node_type, .gpu_memory_gib, (.node_types | length)] | join(" ")' <<<"$OUT")" "gpu80 80 0"
run_maple advise --json --model llama-2-7b --cluster delta --queue gpuA100x8
expect_eq "--queue gpuA100x8: its node type" "$(jq -r .node_type <<<"$OUT")" a100x8
# held-out round of session 28 (tests/advise/round_s28.py: Qwen3 14B/32B, Phi-4, OLMo 2 13B, SmolLM 1.7B, BLOOM on
# one GPU a node, InternLM2 20B at 8k): the fewest nodes by the arithmetic, and the recommended figure holds the
# activations (the Qwen3 entries had a count and no shape: their activations were left out)
for case in "qwen3-14b frontier 1 --seq 4096" "qwen3-32b deltaai 2 --seq 4096 --attention flash" \
	"phi-4 polaris 2 --seq 4096" "olmo-2-13b anvil 2 --seq 4096 --attention sdpa" "smollm-1.7b bridges2 1 --micro-batch 16" \
	"bloom-176b vista 37" "internlm2-20b aurora 1 --seq 8192 --attention flash"; do
	set -- $case
	m=$1 cl=$2 n=$3
	shift 3
	run_maple advise --json --model "$m" --cluster "$cl" "$@"
	expect_json_true "$m on $cl $* (round 28, by hand): sharded on $n nodes, activations counted" \
		".recommended.strategy != \"ddp\" and .recommended.min_nodes == $n and .breakdown_gib[.recommended.strategy].activations > 0"
done
# held-out round of session 29 (tests/advise/round_s29.py: OLMo 2 7B, TinyLlama, Phi-3-medium, DeepSeek LLM 7B, Code
# Llama 7B at 16k, StarCoder2 3B): the fewest nodes by the arithmetic, DDP where one GPU holds it, activations counted.
# Its seventh case (GPT-2 XL on Bridges-2 at micro-batch 8) is the tie the arithmetic gives to DDP with full
# recomputation and maple to FSDP with selective recomputation (memory.c's rule; roundlib.py's note): not checked here.
for case in "olmo-2-7b perlmutter 1 sharded --seq 4096" "tinyllama-1.1b lonestar6 1 ddp --micro-batch 16" \
	"phi-3-medium frontier 1 sharded --seq 4096 --attention sdpa" "deepseek-llm-7b anvil 1 sharded --seq 4096" \
	"codellama-7b deltaai 1 sharded --seq 16384 --attention flash" "starcoder2-3b stampede3 1 ddp --seq 4096"; do
	set -- $case
	m=$1 cl=$2 n=$3 kind=$4
	shift 4
	run_maple advise --json --model "$m" --cluster "$cl" "$@"
	expect_json_true "$m on $cl $* (round 29, by hand): $kind on $n node(s), activations counted" \
		"(.recommended.strategy == \"ddp\") == (\"$kind\" == \"ddp\") and .recommended.min_nodes == $n and .breakdown_gib[.recommended.strategy].activations > 0"
done
# every decoder in data/models has the shape its activations need (a count alone leaves them out)
for f in "$SRC"/data/models/*.yaml; do
	grep -q '^kind: decoder' "$f" || continue
	for id in $(sed -n 's/^  - id: //p' "$f"); do
		run_maple advise --json --model "$id" --cluster perlmutter
		expect_json_true "$id (decoder in $(basename "$f")): its activations are counted" '.shape != null'
	done
done

# ZeRO-3 offloaded to the CPU (session 27, tests/advise/round_s27.py): DeepSpeed's estimator, 18 B a parameter
# x 1.5 of host memory over the nodes; Perlmutter's 256 GB nodes need 8 for Llama-2-70B (216.8 GiB each)
run_maple advise --json --model llama-2-70b --cluster perlmutter --offload cpu --seq 4096
expect_rc "offload cpu" 0
expect_eq "offload cpu: the host memory decides the nodes" \
	"$(jq -r '[.offload, .recommended.strategy, .recommended.min_nodes, (.host_memory_gib_per_node | floor)] | join(" ")' <<<"$OUT")" \
	"cpu zero3 8 216"
expect_json_true "offload cpu: explain cites DeepSpeed's estimator" '.explain | contains("estimate_zero3_model_states_mem_needs")'
run_maple advise --json --model llama-2-13b --cluster polaris --offload optimizer --seq 4096
expect_eq "offload optimizer: one node, selective recomputation beside the weights' shard" \
	"$(jq -r '[.recommended.min_nodes, .recompute] | join(" ")' <<<"$OUT")" "1 selective"
run_maple advise --model llama-2-7b --cluster perlmutter --offload disk
expect_rc "--offload disk" 2
expect_contains "--offload disk: what works" "$ERR" "cpu, optimizer or none"
# nothing fits on any number of GPUs, whatever the recomputation: said, with full recomputation's figures
run_maple advise --json --model llama-3.1-405b --cluster bridges2 --seq 32768 --attention flash
expect_eq "405B at 32k on V100s: no recommendation, full recomputation's figures" \
	"$(jq -r '[.recommended.min_nodes, .recompute] | join(" ")' <<<"$OUT")" " full"
expect_json_true "405B at 32k on V100s: says it does not fit" '.explain | contains("does not fit on any number of these GPUs")'

run_maple advise --help
expect_rc "--help" 0
expect_contains "--help example" "$OUT" "maple advise --model llama-2-7b --cluster perlmutter"

finish

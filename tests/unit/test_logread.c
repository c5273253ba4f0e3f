/* test_logread.c - src/logs: the line recognizers of every shape, failure rules, the streaming
 * reader (partial lines, '\r' progress updates) and the report's estimates. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "logs/logread.h"
#include "logs/needle_find.h"
#include "logs/shapes.h"

#include "testutil.h"
#include "util/rodata.h"

#include <string.h>

static struct line_facts L(const char *s)
{
	struct line_facts f;
	scan_line(s, strlen(s), &f);
	return f;
}

static struct line_facts T(const char *s)
{
	struct line_facts f;
	scan_line(s, strlen(s), &f);
	trainer_line(s, strlen(s), &f);
	return f;
}

/* trainer formats, and their neighbours that must not be read as them */
static void trainer_formats(void **state)
{
	(void)state;
	struct line_facts f = T(" iteration      200/  1000 | consumed samples: 3200 | elapsed time per iteration (ms): 500.0 | "
				"learning rate: 1.0E-04 | global batch size:    16 | lm loss: 5.000000E+00 | loss scale: 4096.0 |");
	assert_true(f.step == 200 && f.total_steps == 1000 && f.loss == 5.0 && f.step_time_s == 0.5 && f.samples_per_s == 32);
	f = T(" validation loss at iteration 200 | lm loss value: 4.5E+00 | lm loss PPL: 90.0 |");
	assert_true(f.val_loss == 4.5 && isnan(f.loss));
	/* fairseq prints epochs from 1: "epoch 002" is the second, index 1 (epochs are reported from 0) */
	f = T("2021-01-01 00:00:00 | INFO | train_inner | epoch 002:     10 / 100 loss=3.5, wps=900, ups=1.5, num_updates=110, wall=70");
	assert_true(f.step == 110 && f.epoch == 1 && f.loss == 3.5 && f.tokens_per_s == 900 && f.steps_per_s == 1.5);
	f = T("2021-01-01 00:00:00 | INFO | valid | epoch 002 | valid on 'valid' subset | loss 3.1 | num_updates 200");
	assert_true(f.val_loss == 3.1 && isnan(f.loss));
	f = T("Train: 2 [  10/100 ( 10%)]  Loss: 4.000 (4.10)  Time: 0.200s,  640.00/s  (0.250s,  512.00/s)  LR: 1.0e-03");
	assert_true(f.step == 210 && f.epoch == 2 && f.loss == 4.0 && f.step_time_s == 0.25 && f.samples_per_s == 640);
	f = T("Test: [  10/10]  Time: 0.1 (0.1)  Loss:  3.0 (3.2)  Acc@1: 50.0 (49.0)");
	assert_true(f.val_loss == 3.2 && isnan(f.loss));
	f = T("iter 30: loss 2.5000, time 100.00ms, mfu 20.00%");
	assert_true(f.step == 30 && f.loss == 2.5 && f.step_time_s == 0.1);
	f = T("step 500: train loss 2.1000, val loss 2.3000");
	assert_true(f.val_loss == 2.3 && isnan(f.loss));
	f = T("epoch 3 step 40 loss=1.2 val_loss=1.5");
	assert_true(f.val_loss == 1.5 && isnan(f.loss)); /* no training loss on a validation line */
	f = T("step 40 train_loss=1.2 val_loss=1.5");
	assert_true(f.val_loss == 1.5 && f.loss == 1.2);
	f = T("[INFO|trainer.py:1] 2024-01-10 12:00:00,000 >>   Total optimization steps = 3,444");
	assert_true(f.total_steps == 3444 && f.ts_kind == TS_AFTER_TAG);
	f = T("I0301 23:58:00.000000 1234 train.py:50] step 5");
	assert_true(f.ts_kind == TS_GLOG && !isnan(f.ts));
	f = T("Train: not a timm line");
	assert_true(isnan(f.step));
}

/* trainers_ten.c: UER, MMF, flashy, ParlAI, Stable-Baselines3, AllenNLP */
static void trainer_formats_ten(void **state)
{
	(void)state;
	struct line_facts f = T("|     3000/    5000 steps|  64234.56 tokens/s| loss    6.00| acc_mlm: 0.200");
	assert_true(f.step == 3000 && f.total_steps == 5000 && f.loss == 6.0 && f.tokens_per_s == 64234.56);
	f = T("2021-03-05T10:10:45 | mmf.trainers.callbacks.logistics: progress: 1000/22000, train/total_loss: 9.5432, "
	      "train/total_loss/avg: 10.9876, max mem: 7851.0, num_updates: 1000, max_updates: 22000, ups: 1.75, "
	      "time_since_start: 10m 45s 220ms, eta: 03h 20m 00s");
	assert_true(f.step == 1000 && f.total_steps == 22000 && f.loss == 9.5432 && f.steps_per_s == 1.75);
	assert_true(fabs(f.elapsed_s - 645.22) < 1e-6 && f.remaining_s == 12000);
	f = T("[07-14 10:21:46][flashy.solver][INFO] - Train | Epoch 2 | 600/2000 | 2.10 it/sec | lr 1.00E+00 | ce 4.840 | ppl 126.4");
	assert_true(f.step == 2600 && f.epoch == 1 && f.loss == 4.84 && f.it_per_s == 2.1 && f.ts_kind == TS_BRACKET);
	f = T("[07-14 10:17:00][flashy.solver][INFO] - Valid Summary | Epoch 1 | ce 4.700 | ppl 109.95 | duration 60.10");
	assert_true(f.val_loss == 4.7 && isnan(f.loss) && isnan(f.step));
	f = T("10:06:35 | time:390s total_exs:38400 total_steps:1200 epochs:0.30");
	assert_true(f.step == 1200 && f.elapsed_s == 390 && fabs(f.steps_per_epoch - 4000) < 1e-6 && f.total_from_epochs);
	f = T("|    total_timesteps      | 20480            |");
	assert_true(f.step == 20480);
	f = T("|    value_loss           | 52.3             |");
	assert_true(isnan(f.loss));
	f = T("2023-05-01 10:21:20,601 - INFO - allennlp.training.gradient_descent_trainer - Epoch 1/4");
	assert_true(f.keras_epoch_line && f.epoch == 1 && f.total_epochs == 5);
	f = T("2023-05-01 10:21:20,500 - INFO - allennlp.training.callbacks.console_logger - loss               |     8.012  |     5.120");
	assert_true(f.val_loss == 5.12 && isnan(f.loss));
	/* "per epoch" is a time, not an epoch (PyG's examples) */
	f = T("Median time per epoch: 0.0041s");
	assert_true(isnan(f.epoch));
}

/* trainers_eleven.c: Time-Series-Library, HiFi-GAN, Depth-Anything, rsl_rl, gaussian-splatting's end stamp */
static void trainer_formats_eleven(void **state)
{
	(void)state;
	struct line_facts f = T("\titers: 200, epoch: 2 | loss: 0.3412345");
	assert_true(f.epoch == 1 && f.epoch_step == 200 && isnan(f.step) && f.loss == 0.3412345 && f.total_from_epochs);
	f = T("\tspeed: 0.0300s/iter; left time: 65.5800s");
	assert_true(fabs(f.steps_per_s - 1 / 0.03) < 1e-9 && f.remaining_s == 65.58);
	f = T("Epoch: 1, Steps: 265 | Train Loss: 0.4321000 Vali Loss: 0.8765000 Test Loss: 0.4321000");
	assert_true(f.epoch == 0 && f.steps_per_epoch == 265 && f.epoch_step == 265 && f.val_loss == 0.8765);
	f = T("  Train Epochs:       10                  Batch Size:         32                  ");
	assert_true(f.total_epochs == 10);
	f = T("Steps : 815, Gen Loss Total : 51.234, Mel-Spec. Error : 0.998, s/b : 0.250");
	assert_true(f.step == 815 && f.loss == 51.234 && f.steps_per_s == 4);
	f = T("[2024-06-01 10:26:10,123][    INFO] ===========> Epoch: 1/120, d1: 0.812, d2: 0.951, d3: 0.984");
	assert_true(f.epoch_header && f.epoch == 1 && f.total_epochs == 120);
	f = T("[2024-06-01 10:26:10,123][    INFO] Iter: 100/2342, LR: 0.0000050, Loss: 0.441");
	assert_true(f.epoch_step == 100 && f.steps_per_epoch == 2342 && isnan(f.total_steps) && isnan(f.epoch) && f.loss == 0.441);
	f = T("                     \033[1m Learning iteration 100/1500 \033[0m                      ");
	assert_true(f.step == 100 && f.total_steps == 1500);
	f = T("                               ETA: 2635.3s");
	assert_true(f.remaining_s == 2635.3);
	/* a row not right-aligned is no rsl_rl row (DeiT's "Total time: 0:05:00" follows an epoch header) */
	f = T("Total time: 190.12s");
	assert_true(isnan(f.elapsed_s));
	f = T("[ITER 7000] Saving Gaussians [29/11 10:03:12]");
	assert_true(f.ts_kind == TS_BRACKET && !isnan(f.ts));
}

/* trainers_twelve.c's lines, and neighbours that must not be read as them */
static void trainer_formats_twelve(void **state)
{
	(void)state;
	struct line_facts f = T("[2026-03-02 09:07:05,000][Main][INFO] - [train] Step 1200 out of 65536 | Loss --> 3.380 | "
				"Lr --> 0.00120 | Seconds_per_step --> 0.350 | ");
	assert_true(f.step == 1200 && f.total_steps == 65536 && f.loss == 3.38 && fabs(f.steps_per_s - 1 / 0.35) < 1e-9);
	f = T("[2026-03-02 09:06:07,000][Main][INFO] - [eval] Step 1000 out of 65536 | Loss --> 3.210 | Accuracy --> 0.405 | ");
	assert_true(isnan(f.loss) && f.val_loss == 3.21);
	f = T("0/2000 [train] loss=4.262 [val] loss=4.401, pp=81.53, acc=0.258000 [time per itr] 312.45ms [lr] 0.00100");
	assert_true(f.epoch == 0 && f.step == 2000 && isnan(f.total_steps) && f.loss == 4.262 && f.val_loss == 4.401);
	f = T("{'batch_size': 32, 'iterations': 15000, 'lr': 0.001}");
	assert_true(f.total_steps == 15000 && isnan(f.step) && isnan(f.loss));
	f = T("Train Epoch #3:  55%|#####     | 700/1251 [03:46<02:58, 3.09it/s, loss=5.56, top1=8.47]");
	assert_true(f.epoch == 2 && f.step == 700);
	f = T("Validate Epoch #2: 100%|##########| 49/49 [00:20<00:00, 2.40it/s, loss=5.7, top1=4.2]");
	assert_true(f.eval_pass && f.val_loss == 5.7 && isnan(f.step) && isnan(f.loss));
	f = T("Validation loss: 0.480");
	assert_true(f.val_loss == 0.48 && isnan(f.loss));
	f = T("  eval_loss               =     3.2207");
	assert_true(f.val_loss == 3.2207);
	f = T("Reloading from ./logs/blender_paper_lego/100000.tar");
	assert_true(f.resume_step == 100000);
	f = T("Reloading from ./logs/run/model_final.tar");
	assert_true(isnan(f.resume_step));
	f = T("INFO - 11/29/26 10:05:25 - 0:05:25 - Epoch: [1][300]\tTime 0.452 (0.512)\tData 0.012 (0.030)\tLoss 7.5862 (7.5902)");
	assert_true(f.elapsed_s == 325 && fabs(f.steps_per_s - 1 / 0.452) < 1e-9 && !isnan(f.ts));
	/* a loss whose value is nan anywhere on its line; "nan" elsewhere is none */
	f = L("Epoch [3/200], Step [200/812], Mel Loss: nan, Gen Loss: 0.00000");
	assert_true(f.nan_loss);
	f = L("[3/5][1200/1583]\tLoss_D: nan\tLoss_G: nan\tD(x): 0.5012");
	assert_true(f.nan_loss);
	f = L("loss: 0.52, skipped nan gradients: 0, loss_scale: 1024");
	assert_true(!f.nan_loss);
}

/* srun --label prefixes come off before a line is read; a '|' table's header names its columns */
static void task_labels_and_pipe_tables(void **state)
{
	(void)state;
	struct log_report r;
	log_report_init(&r);
	const char *log = " 0: iter 100: loss 4.4000, time 452.31ms, mfu 41.20%\n"
			  "12: [rank12]: a warning\n"
			  "| epoch | train_loss | valid_loss | accuracy |\n"
			  "|-------|------------|------------|----------|\n"
			  "|     1 |     0.8000 |     0.8600 |   0.6500 |\n"
			  "|     2 |     0.7000 |     0.7700 |   0.7000 |\n";
	log_feed(&r, log, strlen(log), true);
	assert_true(r.step.v == 100 && fabs(r.step_time.v - 0.45231) < 1e-9);
	assert_true(r.epoch.v == 1 && r.loss.v == 0.7 && r.val_loss.v == 0.77);
	log_report_release(&r);
}

/* a warning stamped by another clock does not stretch the elapsed time */
static void foreign_clock(void **state)
{
	(void)state;
	struct log_report r;
	log_report_init(&r);
	const char *log = "[INFO|t.py:1] 2024-01-10 12:00:00,000 >> start\n"
			  "2024-01-10 03:00:00 WARNING another logger\n"
			  "[INFO|t.py:1] 2024-01-10 12:05:00,000 >> step 10\n"
			  "[INFO|t.py:1] 2024-01-10 12:10:00,000 >> step 20\n";
	log_feed(&r, log, strlen(log), true);
	assert_true(fabs(log_elapsed(&r) - 600) < 1);
	log_report_release(&r);
}

/* ParlAI's metrics tables: the row after a header, by the header's columns; after "valid:" a validation's */
static void parlai_tables(void **state)
{
	(void)state;
	struct log_report r;
	log_report_init(&r);
	const char *log = "10:00:01 |     num_epochs: 4.0\n"
			  "10:02:05 | time:120s total_exs:12800 total_steps:400 epochs:0.10\n"
			  "    clen  exs  gnorm  loss    lr   ppl  total_train_updates  ups\n"
			  "   50.45 3200  2.731  3.01 1e-06 20.29                  400 3.333\n"
			  "10:04:35 | valid:\n"
			  "    accuracy  exs  loss    lr   ppl  total_train_updates\n"
			  "           0 7801 2.901 1e-06 18.19                  400\n";
	log_feed(&r, log, strlen(log), true);
	assert_true(r.loss.v == 3.01 && r.val_loss.v == 2.901 && r.steps_per_s.v == 3.333);
	assert_true(r.step.v == 400 && r.total_steps.v == 16000);
	log_report_release(&r);
}

static void shapes(void **state)
{
	(void)state;
	struct line_facts f = L("{'loss': 2.3456, 'grad_norm': 0.9, 'learning_rate': 4.5e-05, 'epoch': 0.12}");
	assert_true(f.shape & SHAPE_HF);
	assert_true(f.loss == 2.3456 && f.epoch == 0.12);
	f = L("{'train_runtime': 601.5, 'train_samples_per_second': 183.1, 'train_steps_per_second': 1.995, 'epoch': 3.0}");
	assert_true(f.runtime_s == 601.5 && f.samples_per_s == 183.1 && f.steps_per_s == 1.995);
	f = L(" 45%|\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x8c     | 450/1000 [02:13<02:43,  3.37it/s]");
	assert_true(f.shape & SHAPE_TQDM);
	assert_true(f.step == 450 && f.total_steps == 1000 && f.percent == 45);
	assert_true(f.elapsed_s == 133 && f.remaining_s == 163 && f.it_per_s == 3.37);
	f = L("Epoch 3:  45%|####5     | 450/1000 [1:02:13<?, 1.50s/it, v_num=0, train_loss=0.123]");
	assert_true(f.shape & SHAPE_LIGHTNING);
	assert_true(f.epoch == 3 && f.elapsed_s == 3733 && isnan(f.remaining_s));
	assert_true(fabs(f.it_per_s - 1 / 1.5) < 1e-9 && f.loss == 0.123);
	f = L("[2024-03-02 08:00:30,500] [INFO] [timer.py:260:stop] epoch=0/micro_step=40/global_step=10, "
	      "RunningAvgSamplesPerSec=31.51, CurrSamplesPerSec=32.0, MemAllocated=14.2GB");
	assert_true(f.shape & SHAPE_DEEPSPEED);
	assert_true(f.step == 10 && f.samples_per_s == 31.51 && f.epoch == 0);
	assert_false(isnan(f.ts));
	f = L("iter 2000: loss 2.5012, time 412.33ms, mfu 38.21%");
	assert_true(f.step == 2000 && f.loss == 2.5012 && isnan(f.percent));
	f = L("2024-03-03T12:00:41 step 100/5000 | loss 4.4 | 81920 tokens/s");
	assert_true(f.step == 100 && f.total_steps == 5000 && f.tokens_per_s == 81920 && !isnan(f.ts));
	f = L("Step: 7, Loss=1e-3, throughput 12.5 samples/s");
	assert_true(f.step == 7 && f.loss == 1e-3 && f.samples_per_s == 12.5);
	f = L("epoch 2/10 step 5 loss nan");
	assert_true(f.epoch == 2 && f.total_epochs == 10 && f.nan_loss);
	f = L("just text with no numbers");
	assert_int_equal(f.shape, 0);
}

static const char *id_of(const char *line)
{
	const struct failure_kind *k = classify_failure(line, strlen(line));
	return k ? k->id : "-";
}

static void failure_rules(void **state)
{
	(void)state;
	assert_string_equal(id_of("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"), "cuda-oom");
	assert_string_equal(id_of("slurmstepd: error: Detected 1 oom_kill event in StepId=1234.0"), "host-oom");
	assert_string_equal(id_of("[E ProcessGroupNCCL.cpp:475] [Rank 1] Watchdog caught collective operation timeout: "
				  "WorkNCCL(SeqNum=1, OpType=ALLREDUCE) ran for 1800000 milliseconds before timing out."),
			    "nccl-timeout");
	assert_string_equal(id_of("RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:219, "
				  "unhandled system error, NCCL version 2.14.3"),
			    "nccl-error");
	assert_string_equal(id_of("nid001:1:2 [0] NCCL WARN NET/OFI Unable to find a protocol"), "nccl-warning");
	assert_string_equal(id_of("torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"), "rendezvous-failure");
	assert_string_equal(id_of("slurmstepd: error: *** JOB 1 ON n1 CANCELLED AT 2024-01-01T00:00:00 DUE TO TIME LIMIT ***"),
			    "walltime-exceeded");
	assert_string_equal(id_of("torch.distributed.elastic.multiprocessing.errors.ChildFailedError:"), "child-failed");
	assert_string_equal(id_of("RuntimeError: CUDA error: an illegal memory access was encountered"), "cuda-error");
	assert_string_equal(id_of("slurmstepd: error: *** JOB 7 ON n1 CANCELLED AT 2024-01-01T00:00:00 DUE TO PREEMPTION ***"),
			    "preempted");
	assert_string_equal(id_of("Fatal Python error: Segmentation fault"), "killed-signal");
	assert_string_equal(id_of("ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -11) local_rank: 0"),
			    "child-failed");
	assert_string_equal(id_of("step 10 loss 2.0"), "-");
}

/* The fast paths of issue 15 read what the plain scan read: a leading timestamp's last number is still a
 * number (a unit may follow it), numbers too long for the exact fast path go through strtod, a line that
 * ends at the end of its buffer (no terminator) is read within it, and a buffer mixing lines with and
 * without '\r' cuts only the former. */
static void fast_paths(void **state)
{
	(void)state;
	struct line_facts f = L("2024-03-03T12:00:41 it/s");
	assert_true(f.ts_kind == TS_ISO && f.it_per_s == 41);
	f = L("[2024-03-02 08:01:01,500 tokens/s");
	assert_true(f.ts_kind == TS_BRACKET && f.tokens_per_s == 500);
	f = L("2024-03-02 08:01:01.25 s/it");
	assert_true(f.it_per_s == 1 / 1.25);
	f = L("2024/03/02 08:01:01 3/9 [00:10<00:20, 2.00it/s]");
	assert_true(f.step == 3 && f.total_steps == 9 && f.elapsed_s == 10 && f.remaining_s == 20);
	f = L("step 1234567890123456789 loss 0.5 epoch 0.0000000000000001");
	assert_true(f.step == 1234567890123456789.0 && f.loss == 0.5 && f.epoch == 1e-16);
	f = L("loss 123456789012345.5 step 000000000000000000000042");
	assert_true(f.loss == 123456789012345.5 && f.step == 42);
	/* the line's bytes only: a copy without its terminator, ended by a byte that would extend it */
	const char *text = "step 12 loss 0.5 42 it/s";
	size_t n = strlen(text);
	char *exact = malloc(n + 1);
	memcpy(exact, text, n);
	exact[n] = '7';
	scan_line(exact, n, &f);
	trainer_line(exact, n, &f);
	assert_true(f.step == 12 && f.loss == 0.5 && f.it_per_s == 42);
	free(exact);
	struct log_report r;
	log_report_init(&r);
	const char *log = "a 1/10 [00:01<00:09, 1.00it/s]\r b 2/10 [00:02<00:08, 1.00it/s]\nplain step 3\n\r\nstep 4";
	log_feed(&r, log, strlen(log), true);
	assert_int_equal(r.lines, 4);
	assert_true(r.step.v == 4 && r.step.line == 4 && r.it_per_s.v == 1 && r.it_per_s.line == 1);
	log_report_release(&r);
}

static void streaming(void **state)
{
	(void)state;
	struct log_report r;
	log_report_init(&r);
	/* a line split across two feeds, tqdm updates separated by '\r' */
	const char *a = "start\n  1%|| 1/100 [00:01<01:39,  1.00it/s]\r  2%|| 2/10";
	const char *b = "0 [00:02<01:38,  1.00it/s]\nTraceback (most recent call last):\n  File \"x.py\", line 1\nValueError: bad\n";
	struct strbuf buf = STRBUF_INIT;
	strbuf_adds(&buf, a);
	size_t used = log_feed(&r, buf.buf, buf.len, false);
	/* "start\n" and the bar's whole update up to its '\r' (read now: --follow shows the bar moving) */
	assert_int_equal(used, strchr(a, '\r') + 1 - a);
	assert_true(r.step.v == 1 && r.lines == 2);
	struct strbuf rest = STRBUF_INIT;
	strbuf_add(&rest, buf.buf + used, buf.len - used);
	strbuf_adds(&rest, b);
	log_feed(&r, rest.buf, rest.len, true);
	assert_int_equal(r.lines, 5);
	assert_true(r.step.v == 2 && r.total_steps.v == 100 && r.step.line == 2);
	assert_true(r.it_per_s.v == 1);
	assert_true(log_remaining(&r) == 98);
	assert_int_equal(r.nfailures, 1);
	assert_string_equal(r.failures[0].id, "python-exception");
	assert_int_equal(r.failures[0].line, 5);
	assert_int_equal(r.traceback_line, 3);
	assert_contains(r.traceback.buf, "ValueError: bad");
	json_t *j = log_report_json(&r, "x.log", NULL);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(j, "progress"), "step")), 2);
	json_decref(j);
	strbuf_release(&buf);
	strbuf_release(&rest);
	log_report_release(&r);
	/* binary noise and empty input */
	log_report_init(&r);
	char noise[4096];
	for (size_t i = 0; i < sizeof(noise); i++)
		noise[i] = (char)(i * 131 + 7);
	log_feed(&r, noise, sizeof(noise), true);
	log_feed(&r, "", 0, true);
	log_report_release(&r);
}

static void reads_files(void **state)
{
	(void)state;
	struct log_report r;
	log_report_init(&r);
	struct maple_error err;
	assert_int_equal(log_read_file(MAPLE_SOURCE_DIR "/tests/logs/hf-trainer.log", &r, &err), 0);
	assert_true(r.shapes & SHAPE_HF);
	assert_true(r.runtime.v == 601.5);
	assert_true(log_remaining(&r) == 0);
	log_report_release(&r);
	log_report_init(&r);
	assert_int_equal(log_read_file("/nonexistent/x.log", &r, &err), -1);
	assert_contains(err.text, "/nonexistent/x.log");
	assert_contains(err.text, "give the path");
	log_report_release(&r);
}

/* The first pass of trainer_line (skip a line holding none of the recognizers' words) changes no fact:
 * every line of the fixture logs, whole, as its '\r' segments, and with bytes dropped or replaced,
 * read with and without it. */
static size_t compare_filtered(const char *s, size_t n, size_t *recognized)
{
	struct line_facts a, b;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	scan_line(s, n, &a);
	trainer_line(s, n, &a);
	scan_line(s, n, &b);
	trainer_line_unfiltered(s, n, &b);
	if (b.shape & ~(unsigned)(SHAPE_HF | SHAPE_LIGHTNING | SHAPE_DEEPSPEED | SHAPE_TQDM | SHAPE_PLAIN))
		(*recognized)++;
	if (memcmp(&a, &b, sizeof(a))) {
		fprintf(stderr, "filtered and unfiltered facts differ on: %.*s\n", (int)n, s);
		return 1;
	}
	return 0;
}

static void trainer_filter_exact(void **state)
{
	(void)state;
	glob_t g;
	assert_int_equal(glob(MAPLE_SOURCE_DIR "/tests/logs/*.log", 0, NULL, &g), 0);
	glob(MAPLE_SOURCE_DIR "/tests/debug/logs/*.log", GLOB_APPEND, NULL, &g);
	size_t lines = 0, bad = 0, recognized = 0;
	unsigned seed = 7;
	char mut[8192];
	for (size_t i = 0; i < g.gl_pathc; i++) {
		FILE *fp = fopen(g.gl_pathv[i], "r");
		assert_non_null(fp);
		char *line = NULL;
		size_t cap = 0;
		ssize_t got;
		while ((got = getline(&line, &cap, fp)) >= 0) {
			size_t n = (size_t)got;
			if (n && line[n - 1] == '\n')
				n--;
			lines++;
			bad += compare_filtered(line, n, &recognized);
			for (char *p = line, *cr; (cr = memchr(p, '\r', (size_t)(line + n - p))); p = cr + 1)
				bad += compare_filtered(p, (size_t)(cr - p), &recognized);
			for (int m = 0; m < 3 && n < sizeof(mut); m++) {
				size_t k = 0;
				for (size_t j = 0; j < n; j++) {
					seed = seed * 1103515245u + 12345u;
					unsigned r = (seed >> 16) % 61;
					if (r == 0)
						continue;
					mut[k++] = r == 1 ? ": |[G_"[(seed >> 8) % 6] : line[j];
				}
				bad += compare_filtered(mut, k, &recognized);
			}
		}
		free(line);
		fclose(fp);
	}
	globfree(&g);
	assert_true(lines > 1000);
	assert_true(recognized > 50); /* the trainer recognizers did read lines of the fixtures */
	assert_int_equal(bad, 0);
}

/* Bar lines ("%|") skip the recognizers unless ultralytics may read them (an epoch/epochs start): the
 * starts strtod reads, and those it does not, give the same facts filtered and unfiltered. */
static void trainer_filter_bars(void **state)
{
	(void)state;
	static const char *const lines[] = {
		" 45%|#####     | 370/1849 [02:00<08:01,  3.07it/s]",
		"100%|##########| 10/10 [00:01<00:00,  9.50it/s]",
		"Epoch 1:  45%|####5     | 9/20 [00:03<00:04,  2.71it/s, loss=0.41]",
		"[rank0]:  12%|#2 | 12/100 [00:10<01:20,  1.10it/s]",
		"        2/100      6.21G      1.398      1.204      1.113         52        640:  20%|##  | 370/1849 [02:00<08:01,  3.07it/s]",
		"      2/49  0.004910   0.98120         0     1.408:  50%|#####     | 60/120 [00:19<00:19,  3.10it/s]",
		"+2/100      6.21G      1.398:  20%|##  | 3/10 [00:02<00:05,  1.40it/s]",
		"\t3/100      6.21G      1.398:  20%|##  | 3/10 [00:02<00:05,  1.40it/s]",
		".5/100      6.21G      1.398:  20%|##  | 3/10 [00:02<00:05,  1.40it/s]",
		"inf/100      6.21G      1.398:  20%|##  | 3/10 [00:02<00:05,  1.40it/s]",
		"0x2/100      6.21G      1.398:  20%|##  | 3/10 [00:02<00:05,  1.40it/s]",
		"2e0/100      6.21G      1.398:  20%|##  | 3/10 [00:02<00:05,  1.40it/s]",
		"12.5%|#| 1/8 [00:01<00:07,  1.00it/s]",
		"%|",
	};
	size_t recognized = 0, bad = 0;
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		bad += compare_filtered(lines[i], strlen(lines[i]), &recognized);
	assert_true(recognized >= 6); /* the epoch bars were read as ultralytics's, filtered or not */
	assert_int_equal(bad, 0);
}

/* Fed in pieces of any size, as --follow reads a growing file, every log gives the report of the whole
 * (JSON, lines and bytes): the fixture logs (36 with '\r' bars) and lines that are nothing but '\r'
 * updates, end right after a '\r', hold empty updates or a traceback after a bar. Before a bar's '\n'
 * comes, its step is read (baafa9b read nothing of a line until its '\n': a tqdm bar under --follow showed
 * no progress until it closed). */
static void feed_in_pieces(const char *text, size_t len, size_t piece, struct log_report *r)
{
	char *buf = malloc(len + 1);
	assert_non_null(buf);
	size_t have = 0;
	for (size_t off = 0; off < len; off += piece) {
		size_t n = len - off < piece ? len - off : piece;
		memcpy(buf + have, text + off, n);
		have += n;
		size_t used = log_feed(r, buf, have, false);
		memmove(buf, buf + used, have - used);
		have -= used;
	}
	log_feed(r, buf, have, true);
	free(buf);
}

static int same_as_whole(const char *text, size_t len, size_t piece)
{
	struct log_report a, b;
	log_report_init(&a);
	log_report_init(&b);
	log_feed(&a, text, len, true);
	feed_in_pieces(text, len, piece, &b);
	json_t *ja = log_report_json(&a, "x", NULL), *jb = log_report_json(&b, "x", NULL);
	char *sa = json_dumps(ja, JSON_SORT_KEYS), *sb = json_dumps(jb, JSON_SORT_KEYS);
	int bad = strcmp(sa, sb) || a.lines != b.lines || a.bytes != b.bytes;
	if (bad)
		print_message("pieces of %zu differ from the whole:\n%.300s\n%s\n%s\n", piece, text, sa, sb);
	free(sa);
	free(sb);
	json_decref(ja);
	json_decref(jb);
	log_report_release(&a);
	log_report_release(&b);
	return bad;
}

static void pieces_read_as_whole(void **state)
{
	(void)state;
	static const char *const shapes[] = {
		"  1%|| 1/100 [00:01<01:39,  1.00it/s]\r  2%|| 2/100 [00:02<01:38,  1.00it/s]\r  3%|| 3/100 [00:03<01:37,  1.00it/s]",
		"  1%|| 1/100 [00:01<01:39,  1.00it/s]\r  2%|| 2/100 [00:02<01:38,  1.00it/s]\r",
		"\r\r  5%|| 5/100 [00:05<01:35,  1.00it/s]\r\r\n\nepoch 1 done\n",
		"start\n 10%|#| 10/100 [00:10<01:30, 1.00it/s, loss=2.1]\r 20%|##| 20/100 [00:20<01:20, 1.00it/s, loss=1.9]\r\n"
		"Traceback (most recent call last):\n  File \"t.py\", line 3\nRuntimeError: CUDA out of memory\n",
		"{'loss': 1.0, 'learning_rate': 1e-4, 'epoch': 0.5}\r\n 50%|#####| 5/10 [00:05<00:05, 1.00it/s]\r",
		"\r",
		"\r\n\r",
		"no newline at all",
	};
	int bad = 0;
	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
		for (size_t piece = 1; piece <= 40; piece++)
			bad += same_as_whole(shapes[i], strlen(shapes[i]), piece);
	glob_t g;
	assert_int_equal(glob(MAPLE_SOURCE_DIR "/tests/logs/*.log", 0, NULL, &g), 0);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		char *text = tu_read(g.gl_pathv[i]);
		static const size_t pieces[] = {1, 7, 61, 4096};
		for (size_t k = 0; k < 4; k++)
			if (pieces[k] > 1 || strlen(text) < 20000)
				bad += same_as_whole(text, strlen(text), pieces[k]);
		free(text);
	}
	globfree(&g);
	assert_int_equal(bad, 0);
	/* a bar still running: its step is read before its '\n' */
	struct log_report r;
	log_report_init(&r);
	const char *bar = " 10%|#| 10/100 [00:10<01:30, 1.00it/s]\r 20%|##| 20/100 [00:20<01:20, 1.00it/s]\r 30%|###| 3";
	size_t used = log_feed(&r, bar, strlen(bar), false);
	assert_true(r.step.v == 20 && r.total_steps.v == 100 && r.lines == 1);
	assert_int_equal(used, strrchr(bar, '\r') + 1 - bar);
	log_report_release(&r);
}

/* A file big enough for the threaded reader (log_read_file, 32 MiB and more on a machine with two or
 * more CPUs) gives the same report as one thread feeding the same bytes: fixture logs repeated, with a
 * line longer than a chunk, '\r' runs, blank lines and no '\n' at the end. */
static void threaded_reader_same(void **state)
{
	(void)state;
	glob_t g;
	assert_int_equal(glob(MAPLE_SOURCE_DIR "/tests/logs/*.log", 0, NULL, &g), 0);
	struct strbuf text;
	strbuf_init(&text);
	for (int round = 0; text.len < ((size_t)33 << 20); round++) {
		for (size_t i = 0; i < g.gl_pathc; i++) {
			FILE *fp = fopen(g.gl_pathv[i], "r");
			assert_non_null(fp);
			char buf[65536];
			size_t n;
			while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
				strbuf_add(&text, buf, n);
			fclose(fp);
			if (round == 1 && i == 3) { /* a 2 MiB line, then progress bars rewritten with '\r' */
				for (int k = 0; k < (2 << 20); k++)
					strbuf_addch(&text, k % 61 ? 'x' : ' ');
				strbuf_adds(&text, "\n\n\r\r 45%|###| 3/10 [00:01<00:02, 1.00it/s]\r 50%|###| 5/10 [00:02<00:02, 1.00it/s]\n");
			}
		}
	}
	strbuf_adds(&text, "step 7/10 loss 1.5 and no newline");
	globfree(&g);
	char path[] = "/tmp/maple-test-logread-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text.buf, text.len), (ssize_t)text.len);
	close(fd);
	struct log_report a, b;
	log_report_init(&a);
	log_report_init(&b);
	struct maple_error err;
	assert_int_equal(log_read_file(path, &a, &err), 0);
	unlink(path);
	log_feed(&b, text.buf, text.len, true);
	json_t *ja = log_report_json(&a, "x", NULL), *jb = log_report_json(&b, "x", NULL);
	char *sa = json_dumps(ja, JSON_SORT_KEYS), *sb = json_dumps(jb, JSON_SORT_KEYS);
	assert_string_equal(sa, sb);
	assert_true(a.lines == b.lines && a.bytes == b.bytes && a.lines > 100000);
	free(sa);
	free(sb);
	json_decref(ja);
	json_decref(jb);
	log_report_release(&a);
	log_report_release(&b);
	strbuf_release(&text);
}

/* The search's cache of needles (needle_find.h) answers as memmem whatever the needle: a string constant,
 * a buffer whose text changes at the same address, a needle too long to cache, and more distinct needles
 * than the table has slots (entries replaced). */
static void needle_search(void **state)
{
	(void)state;
	char stack[16] = "loss";
	char *heap = malloc(8);
	assert_non_null(heap);
	strcpy(heap, "x");
	assert_true(in_program_rodata("a string constant"));
	assert_false(in_program_rodata(stack));
	assert_false(in_program_rodata(heap));
	const char *line = "step 7 | loss 1.5 | lr 3e-4";
	size_t n = strlen(line);
	assert_ptr_equal(needle_find(line, n, stack), strstr(line, "loss"));
	strcpy(stack, "step"); /* the same address, another text */
	assert_ptr_equal(needle_find(line, n, stack), line);
	strcpy(stack, "absent");
	assert_null(needle_find(line, n, stack));
	strcpy(stack, "lr");
	assert_ptr_equal(needle_find(line, n, stack), strstr(line, "lr"));
	/* the line's bytes set: a needle with a byte the line lacks is absent, one without is searched */
	needle_line_set(line, n);
	assert_null(needle_find(line, n, "loss!"));
	assert_ptr_equal(needle_find(line, n, "| lr"), strstr(line, "| lr"));
	needle_line_clear();
	const char *longer = "a needle of more than forty-eight bytes, never cached at all";
	char text[128];
	snprintf(text, sizeof(text), "before %s after", longer);
	assert_ptr_equal(needle_find(text, strlen(text), longer), strstr(text, longer));
	/* 3 x 4096 heap needles, each searched twice: every answer is memmem's */
	enum { N = 3 * 4096 };
	char **many = malloc(N * sizeof(*many));
	assert_non_null(many);
	char hay[64];
	for (int i = 0; i < N; i++) {
		many[i] = malloc(16);
		assert_non_null(many[i]);
		snprintf(many[i], 16, "k%d;", i);
	}
	for (int round = 0; round < 2; round++)
		for (int i = 0; i < N; i++) {
			snprintf(hay, sizeof(hay), "x k%d; y", (i * 7 + round) % N);
			const char *want = strstr(hay, many[i]);
			assert_ptr_equal(needle_find(hay, strlen(hay), many[i]), want);
		}
	for (int i = 0; i < N; i++)
		free(many[i]);
	free(many);
	free(heap);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shapes),
		cmocka_unit_test(trainer_formats),
		cmocka_unit_test(trainer_formats_ten),
		cmocka_unit_test(trainer_formats_eleven),
		cmocka_unit_test(trainer_formats_twelve),
		cmocka_unit_test(task_labels_and_pipe_tables),
		cmocka_unit_test(parlai_tables),
		cmocka_unit_test(foreign_clock),
		cmocka_unit_test(failure_rules),
		cmocka_unit_test(streaming),
		cmocka_unit_test(pieces_read_as_whole),
		cmocka_unit_test(fast_paths),
		cmocka_unit_test(reads_files),
		cmocka_unit_test(trainer_filter_exact),
		cmocka_unit_test(trainer_filter_bars),
		cmocka_unit_test(threaded_reader_same),
		cmocka_unit_test(needle_search),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

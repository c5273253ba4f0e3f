/* own_launch.c - the programs whose launch a port does not write: they start their own tasks (GPT-NeoX's
 * deepy.py, a Ray driver, a driver of data/scripts/drivers.yaml such as a libEnsemble manager) or are no PyTorch program (TensorFlow/Keras; JAX is per_task.c's); each
 * refused with the reason and what to do on the target. */
#include "port.h"

#include "../script/hints.h"

#include "../util/strvec.h"

#include <string.h>

enum port_status port_not_pytorch_launch(const struct script_reading *sr, const struct cluster *target,
					 const struct request *req, struct strvec *why)
{
	const struct fw_guess *g = &sr->fw;
	const char *family = g->family;
	if (family && !strcmp(family, "gpt-neox")) {
		strvec_pushf(why, "'%s' is started by GPT-NeoX's deepy.py, which runs DeepSpeed's own launcher from its "
				  "configs (hostfile, launcher, ZeRO stage %s): a launch of maple's would start deepy.py once per "
				  "GPU; set the configs' launcher for %s by hand (NeoX's `launcher`, `deepspeed_slurm` or "
				  "`deepspeed_mpi` and a hostfile of %d slots per node) and keep `python deepy.py` as one task "
				  "(https://github.com/EleutherAI/gpt-neox#running-on-multi-node)",
			     req->script, g->strategy_unknown ? "unknown to maple" : strategy_name(req->strategy), target->name,
			     target->hw.gpus_per_node);
		return PORT_ERROR;
	}
	if (family && !strcmp(family, "ray")) {
		strvec_pushf(why, "'%s' is the driver of a Ray cluster the script brings up (ray start on each node): Ray, "
				  "not a launcher, places the work on the GPUs; port the head/worker start-up to %s by hand",
			     req->script, target->name);
		return PORT_ERROR;
	}
	/* a program that starts the job's tasks itself (data/scripts/drivers.yaml) */
	const struct driver_hint *drv = family ? js_driver(sr->hints, &sr->js, sr->plan.launch) : NULL;
	if (drv && !strcmp(drv->family, family)) {
		strvec_pushf(why, "'%s' is %s: run once in the batch shell, it starts the job's tasks itself from %s's "
				  "allocation; no launcher of maple's starts it - keep `python %s` and its options as they are "
				  "in a %d-node job for %s, and check its settings for that machine there (%s)",
			     req->script, drv->what, target->name, req->script, req->nodes > 0 ? req->nodes : 1, target->name,
			     drv->port_source);
		return PORT_ERROR;
	}
	if (g->framework == FW_NONE && g->why && strstr(g->why, "TensorFlow")) {
		strvec_pushf(why, "'%s' is a TensorFlow/Keras program: maple ports PyTorch, DeepSpeed and Accelerate jobs "
				  "(its launchers would start it wrongly); write its launch line for %s by hand, one task per "
				  "GPU or per node as its distribution strategy needs",
			     req->script, target->name);
		return PORT_ERROR;
	}
	return PORT_OK;
}

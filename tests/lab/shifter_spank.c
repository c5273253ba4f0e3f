/* shifter_spank.c - the lab's stand-in for NERSC's Shifter SPANK plugin: Slurm clients (sbatch, srun,
 * salloc) accept `--image=IMAGE` and `--module=LIST` (in #SBATCH lines too), as they do on Perlmutter,
 * and the job step sees the image in SHIFTER_IMAGE. The lab has no container images: the lab's
 * `shifter` stand-in runs the command on the node. Built by tests/lab/lab.sh when libslurm-dev's
 * <slurm/spank.h> is present; loaded through the lab's plugstack.conf. */
#include <slurm/spank.h>

#include <stdio.h>
#include <string.h>

SPANK_PLUGIN(maple_lab_shifter, 1);

static char image[512];

static int take_image(int val, const char *optarg, int remote)
{
	(void)val;
	(void)remote;
	if (!optarg || !*optarg || strlen(optarg) >= sizeof(image)) {
		slurm_error("maple lab shifter: --image needs an image name");
		return -1;
	}
	snprintf(image, sizeof(image), "%s", optarg);
	return 0;
}

static int take_module(int val, const char *optarg, int remote)
{
	(void)val;
	(void)optarg;
	(void)remote;
	return 0;
}

/* registered from slurm_spank_init: sbatch (allocator context) does not read a spank_options table */
static struct spank_option options[] = {
	{"image", "IMAGE", "container image (maple lab stand-in for Shifter: recorded)", 1, 0, take_image},
	{"module", "LIST", "Shifter modules (maple lab stand-in: accepted)", 1, 0, take_module},
	SPANK_OPTIONS_TABLE_END};

int slurm_spank_task_init(spank_t sp, int ac, char **av)
{
	(void)ac;
	(void)av;
	if (image[0])
		spank_setenv(sp, "SHIFTER_IMAGE", image, 1);
	return 0;
}

int slurm_spank_init(spank_t sp, int ac, char **av)
{
	(void)ac;
	(void)av;
	for (struct spank_option *o = options; o->name; o++)
		if (spank_option_register(sp, o) != ESPANK_SUCCESS)
			return -1;
	return 0;
}

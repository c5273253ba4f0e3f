/* envclass.c - which environment variables belong to a cluster or a launcher (network, MPI, GPU
 * runtime, scheduler and path settings) rather than to the application: a port drops them, and
 * the reader does not take them as the application's environment. */
#include "plan.h"

#include <string.h>

static const struct {
	const char *prefix;
	const char *why;
} cluster_env[] = {
	{"NCCL_DEBUG", "NCCL's debug output, not a network setting: the target's script has its own NCCL settings; "
		       "export NCCL_DEBUG=INFO there again to debug"},
	{"NCCL_DEBUG_SUBSYS", "NCCL's debug output, not a network setting: export it on the target again to debug"},
	{"NCCL_DEBUG_FILE", "NCCL's debug output, not a network setting: export it on the target again to debug"},
	{"NCCL_", "NCCL network settings are specific to a cluster's interconnect"},
	{"TORCH_NCCL_", "NCCL settings are specific to a cluster's interconnect"},
	{"RCCL_", "RCCL settings are specific to a cluster"},
	{"FI_", "libfabric settings are specific to a cluster's network"},
	{"CCL_", "oneCCL settings are specific to Intel GPU clusters"},
	{"UCX_", "UCX settings are specific to a cluster's network"},
	{"MPICH_", "MPICH settings are specific to a cluster's MPI"},
	{"OMPI_", "Open MPI settings are specific to a cluster's MPI"},
	{"PMI_", "set by the launcher"},
	{"PMIX_", "set by the launcher"},
	{"PALS_", "set by the launcher"},
	{"I_MPI_", "Intel MPI settings are specific to a cluster"},
	{"CXI_", "Slingshot settings are specific to a cluster"},
	{"HSA_", "ROCm runtime settings are specific to AMD GPU clusters"},
	{"ROCR_", "ROCm runtime settings are specific to AMD GPU clusters"},
	{"HIP_", "ROCm runtime settings are specific to AMD GPU clusters"},
	{"MIOPEN_", "ROCm library settings are specific to AMD GPU clusters"},
	{"ZE_", "Level Zero settings are specific to Intel GPU clusters"},
	{"SYCL_", "oneAPI settings are specific to Intel GPU clusters"},
	{"ONEAPI_", "oneAPI settings are specific to Intel GPU clusters"},
	{"SLURM_", "set by Slurm"},
	{"SBATCH_", "Slurm settings"},
	{"SRUN_", "Slurm settings"},
	{"PBS_", "set by PBS"},
	{"LSB_", "set by LSF"},
	{"GLOO_SOCKET_IFNAME", "network interface names differ between clusters"},
	{"MASTER_ADDR", "maple sets the rendezvous address for the target"},
	{"MASTER_PORT", "maple sets the rendezvous port for the target"},
	{"WORLD_SIZE", "maple's launch line sets the world size"},
	{"RANK", "maple's launch line sets ranks per task"},
	{"LOCAL_RANK", "maple's launch line sets ranks per task"},
	{"LOCAL_WORLD_SIZE", "maple's launch line sets it"},
	{"NODE_RANK", "maple's launch line sets ranks per task"},
	{"GROUP_RANK", "maple's launch line sets ranks per task"},
	{"CUDA_VISIBLE_DEVICES", "device visibility is set per cluster"},
	{"ROCR_VISIBLE_DEVICES", "device visibility is set per cluster"},
	{"HIP_VISIBLE_DEVICES", "device visibility is set per cluster"},
	{"ZE_AFFINITY_MASK", "device visibility is set per cluster"},
	{"CUDA_DEVICE_ORDER", "device order is set per cluster"},
	{"LD_LIBRARY_PATH", "library paths differ between clusters"},
	{"LD_PRELOAD", "library paths differ between clusters"},
	{"PATH", "paths differ between clusters"},
	{"CPATH", "paths differ between clusters"},
	{"LIBRARY_PATH", "paths differ between clusters"},
	{"MODULEPATH", "module paths differ between clusters"},
	{"CONDA_", "conda installations differ between clusters"},
	{"CUDA_HOME", "CUDA installations differ between clusters"},
	{"CUDA_PATH", "CUDA installations differ between clusters"},
	{"ROCM_PATH", "ROCm installations differ between clusters"},
	{"NVIDIA_", "container runtime settings differ between clusters"},
	{"APPTAINER_", "container settings differ between clusters"},
	{"SINGULARITY_", "container settings differ between clusters"},
	{"GPUS_PER_NODE", "the GPU count is the target's"},
	{"NNODES", "the node count is maple's"},
	{"NUM_NODES", "the node count is maple's"},
	{"NGPUS", "the GPU count is the target's"},
	{"NUM_GPUS", "the GPU count is the target's"},
	{"HOSTNAMES", "host lists are per job"},
	{"HOSTFILE", "host lists are per job"},
	{"DS_CONFIG", "maple writes the DeepSpeed config for the target"},
	{NULL, NULL},
};

const char *env_cluster_specific(const char *name)
{
	for (size_t i = 0; cluster_env[i].prefix; i++) {
		const char *p = cluster_env[i].prefix;
		size_t n = strlen(p);
		bool prefix = p[n - 1] == '_';
		if (prefix ? !strncmp(name, p, n) : !strcmp(name, p))
			return cluster_env[i].why;
	}
	return NULL;
}

/* rodata.c - the main program's read-only segments, found once with dl_iterate_phdr (rodata.h). */
#include "rodata.h"

#include <link.h>
#include <pthread.h>
#include <stdint.h>

#define MAX_RANGES 8

static uintptr_t lo[MAX_RANGES], hi[MAX_RANGES];
static int nranges;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The first object dl_iterate_phdr reports is the main program: its PT_LOAD segments without PF_W. */
static int collect(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	for (int i = 0; i < info->dlpi_phnum && nranges < MAX_RANGES; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || (ph->p_flags & PF_W))
			continue;
		lo[nranges] = (uintptr_t)info->dlpi_addr + (uintptr_t)ph->p_vaddr;
		hi[nranges] = lo[nranges] + (uintptr_t)ph->p_memsz;
		nranges++;
	}
	return 1; /* the main program only */
}

static void find_ranges(void)
{
	dl_iterate_phdr(collect, NULL);
}

bool in_program_rodata(const void *p)
{
	pthread_once(&once, find_ranges);
	uintptr_t a = (uintptr_t)p;
	for (int i = 0; i < nranges; i++)
		if (a >= lo[i] && a < hi[i])
			return true;
	return false;
}

/* port.h - turns what an old script states into a request for another cluster. */
#ifndef MAPLE_PORT_H
#define MAPLE_PORT_H

#include "extract_script.h"

/* Fills req for target from the reading: the portable fields, the GPU count adapted to the
 * target's nodes, the walltime kept when a queue allows it, DeepSpeed config arguments left to the
 * target's template; every change and every line not carried over becomes a warning. */
void port_request(struct script_reading *sr, const struct cluster *target, struct request *req);

#endif

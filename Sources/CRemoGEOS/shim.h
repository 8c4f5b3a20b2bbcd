#ifndef CREMOGEOS_SHIM_H
#define CREMOGEOS_SHIM_H
// Only the reentrant (_r) API: one context per thread, no global state.
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
#endif

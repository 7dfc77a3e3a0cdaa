/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reports of a finished analysis. Each returns 0, or -1 when the output
 * could not be written (with a one-line reason in err).
 */
#ifndef REPORT_H
#define REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis.h"

int report_text(FILE *out, const struct analysis *a);
int report_json(FILE *out, const struct analysis *a); /* SCHEMA.md */
int report_csv(FILE *out, const struct analysis *a);  /* time_s (counter clock: event),class_id,class_path,pages */

/* DIR/ckrm-usage.dat and DIR/ckrm-usage.gp (gnuplot: writes DIR/ckrm-usage.png). */
int plot_write(const char *dir, const struct analysis *a, char *err, size_t errlen);

#endif

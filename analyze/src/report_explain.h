/* SPDX-License-Identifier: GPL-2.0 */
/* --class: the explanation of one class's pages (explain.h), for the text and JSON reports. */
#ifndef REPORT_EXPLAIN_H
#define REPORT_EXPLAIN_H

#include <stdio.h>

#include "analysis.h"
#include "json.h"

void report_explain_text(FILE *out, const struct analysis *a);
/* The "explain" object (SCHEMA.md). */
void report_explain_json(struct json *j, const struct analysis *a);

#endif

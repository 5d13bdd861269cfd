/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What this header held is in the shared helper library: a program
 * written against it still builds; new programs include ui-test-lib.h. */
#pragma once

#include "ui-test-lib.h"

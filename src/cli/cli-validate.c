/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>

#include "cli-validate.h"

int
sand_cli_validate (int    argc,
                   char **argv)
{
  fprintf (stderr, "sandtable-cli validate: not available in this build yet\n");
  return 2;
}

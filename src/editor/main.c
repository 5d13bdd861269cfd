/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>

int
main (int argc, char **argv)
{
  fprintf (stderr, "sandtable: not written yet\n");
  return 1;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli validate: load each file (the loader checks the format)
 * and run the semantic checks; one line per problem, in the
 * FILE:LINE: error|warning: message form that editors and CI jump to. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cli-validate.h"
#include "cli-scenario.h"
#include "sand-ruleset.h"
#include "sand-scenario-io.h"
#include "sand-validate.h"
#include "sand-xml-safe.h"

enum {
  STATUS_CLEAN = 0,
  STATUS_PROBLEMS = 1,
  STATUS_UNREADABLE = 2,
};

/* Load errors read "FILE:LINE: what" (or "FILE: what"); put "error: "
 * after the location so that every line of output has the same shape. */
static void
print_load_error (const char *path,
                  const char *message)
{
  gsize len = strlen (path);

  if (g_str_has_prefix (message, path) && message[len] == ':')
    {
      const char *end = message + len + 1; /* just after "FILE:" */
      const char *p = end;

      while (g_ascii_isdigit (*p))
        p++;
      if (p > end && *p == ':')
        end = p + 1; /* just after "FILE:LINE:" */
      p = end;
      while (*p == ' ')
        p++;
      printf ("%.*s error: %s\n", (int) (end - message), message, p);
      return;
    }
  printf ("%s: error: %s\n", path, message);
}

/* The line a problem is about: the validator's, or else the line of the
 * counter or hex it names, or else the scenario's root element. */
static int
problem_line (SandScenario      *scenario,
              const SandProblem *problem)
{
  int line = problem->line;

  if (line <= 0 && problem->counter != NULL)
    line = sand_scenario_get_line (scenario, SAND_LINE_COUNTER, problem->counter);
  if (line <= 0 && problem->hex != SAND_HEX_NONE)
    line = sand_scenario_get_line_n (scenario, SAND_LINE_HEX, problem->hex);
  if (line <= 0)
    line = sand_scenario_get_line (scenario, SAND_LINE_SCENARIO, NULL);
  return line > 0 ? line : 1;
}

/* Whether the file at @path is a ruleset (its root is <ruleset>): its
 * contents then, which the caller frees. */
static char *
read_ruleset (const char *path,
              gsize      *len)
{
  g_autofree char *data = sand_xml_read_file (path, len, NULL);
  xmlDoc *doc;
  xmlNode *root;
  gboolean ruleset;

  if (data == NULL || (doc = sand_xml_read_doc (data, *len, path, NULL)) == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  ruleset = root != NULL && strcmp ((const char *) root->name, "ruleset") == 0;
  xmlFreeDoc (doc);
  return ruleset ? g_steal_pointer (&data) : NULL;
}

static int
validate_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  g_autoptr(GPtrArray) problems = NULL;

  scenario = sand_cli_load_scenario (path, &error);
  if (scenario == NULL)
    {
      g_autofree char *ruleset = NULL;
      gsize len = 0;

      /* A ruleset's author checks it as a scenario's does: the loader
       * reads every section and says what is wrong, and where. */
      if (g_error_matches (error, SAND_SCENARIO_ERROR, SAND_SCENARIO_ERROR_WRONG_ROOT)
          && (ruleset = read_ruleset (path, &len)) != NULL)
        {
          g_autoptr(GError) local = NULL;
          g_autoptr(SandRuleset) rs = sand_ruleset_load_data (ruleset, len, path, &local);

          if (rs != NULL)
            return STATUS_CLEAN;
          print_load_error (path, local->message);
          return STATUS_UNREADABLE;
        }
      print_load_error (path, error->message);
      return STATUS_UNREADABLE;
    }

  problems = sand_scenario_validate (scenario);
  for (guint i = 0; problems != NULL && i < problems->len; i++)
    {
      const SandProblem *p = g_ptr_array_index (problems, i);

      printf ("%s:%d: %s: %s\n", path, problem_line (scenario, p),
              p->severity == SAND_SEVERITY_ERROR ? "error" : "warning", p->message);
    }
  return problems != NULL && problems->len > 0 ? STATUS_PROBLEMS : STATUS_CLEAN;
}

int
sand_cli_validate (int    argc,
                   char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  int status = STATUS_CLEAN;

  g_set_prgname ("sandtable-cli validate");
  context = g_option_context_new (_("FILE… — check scenario and ruleset files"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* Translators: "error" and "warning" stay English in the output, as
   * editors and scripts read them. */
  g_option_context_set_summary (context,
                                _("Prints one line per problem as FILE:LINE: error|warning: "
                                  "message.\nExit status: 0 clean, 1 problems found, 2 a file "
                                  "could not be read."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "sandtable-cli validate: %s\n", error->message);
      return STATUS_UNREADABLE;
    }
  if (argc < 2)
    {
      fprintf (stderr, "sandtable-cli validate: %s\n", _("give at least one scenario file"));
      return STATUS_UNREADABLE;
    }

  for (int i = 1; i < argc; i++)
    {
      int file_status = validate_file (argv[i]);

      status = MAX (status, file_status);
    }
  fflush (stdout);
  return status;
}

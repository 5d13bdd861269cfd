/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-ruleset-private.h: what the parts of SandRuleset share
 * (sand-ruleset.c and sand-ruleset-*.c): the object's struct, the
 * loader's state and the helpers every section's reader uses. Nothing
 * outside src/engine/model includes it. */
#pragma once

#include <libxml/tree.h>

#include "sand-ruleset.h"

G_BEGIN_DECLS

#define RULESET_NS "https://sandtable.github.io/ns/1"
#define RULESET_VERSION "1"
#define RESOURCE_DIR "/io/github/sandtable/Sandtable/engine/rulesets/"
#define MAX_RULESET_BYTES (16 * 1024 * 1024)
#define MAX_TERRAINS 256  /* stored as guint8 per hex */
#define MAX_COUNTRIES 127 /* stored as gint8 per hex */

struct _SandRuleset
{
  GObject parent_instance;

  char *id;
  char *name;
  char *description;

  GPtrArray *sides;         /* SandSideDef* */
  GPtrArray *countries;     /* SandCountryDef* */
  GPtrArray *terrains;      /* SandTerrainDef* */
  GPtrArray *side_features; /* SandSideFeatureDef* */
  GPtrArray *unit_types;    /* SandUnitTypeDef* */
  GPtrArray *phases;        /* SandPhaseDef* */
  GPtrArray *counter_fields;/* SandCounterFieldDef* */
  GPtrArray *badges;        /* SandBadgeDef* */
  GPtrArray *options;       /* SandOptionDef* */
  GPtrArray *params;        /* SandParam*, file order */
  GHashTable *param_index;  /* name → SandParam* */
  GPtrArray *tables;        /* SandTable* */
  GHashTable *table_index;  /* id → SandTable* */
};

/* The requires= attribute names features that may come later in the file,
 * so it is kept here and resolved once all are read. */
typedef struct {
  xmlNode *node;
  guint feature;
} PendingRequires;

typedef struct {
  const char *filename;
  SandRuleset *ruleset;
  GArray *pending_requires; /* PendingRequires */
  GPtrArray *option_nodes;  /* xmlNode* of each option, for its requires= */
} Loader;

typedef gboolean (*ItemFunc) (Loader   *loader,
                              xmlNode  *node,
                              GError  **error);

/* sand-ruleset-load.c */
gboolean G_GNUC_PRINTF (4, 5)
sand_ruleset_fail (Loader      *loader,
                   xmlNode     *node,
                   GError     **error,
                   const char  *format,
                   ...);

gboolean
sand_ruleset_is_element (xmlNode    *node,
                         const char *name);

gboolean
sand_ruleset_check_child (Loader   *loader,
                          xmlNode  *node,
                          gboolean *skip,
                          GError  **error);

char *
sand_ruleset_get_attr (xmlNode    *node,
                       const char *name);

char *
sand_ruleset_get_attr_or_id (xmlNode    *node,
                             const char *name,
                             const char *id);

gboolean
sand_ruleset_check_attrs (Loader             *loader,
                          xmlNode            *node,
                          const char * const *allowed,
                          GError            **error);

gboolean
sand_ruleset_require_attr (Loader      *loader,
                           xmlNode     *node,
                           const char  *name,
                           char       **out,
                           GError     **error);

gboolean
sand_ruleset_valid_id (const char *id);

gboolean
sand_ruleset_read_id (Loader   *loader,
                      xmlNode  *node,
                      char    **out,
                      GError  **error);

gboolean
sand_ruleset_read_color (Loader   *loader,
                         xmlNode  *node,
                         char    **out,
                         GError  **error);

gboolean
sand_ruleset_read_bool (Loader     *loader,
                        xmlNode    *node,
                        const char *name,
                        gboolean    fallback,
                        gboolean   *out,
                        GError    **error);

gboolean
sand_ruleset_read_move_cost (Loader  *loader,
                             xmlNode *node,
                             int      fallback,
                             int     *out,
                             GError **error);

gboolean
sand_ruleset_read_def_params (Loader      *loader,
                              xmlNode     *node,
                              GHashTable **out,
                              GError     **error);

int
sand_ruleset_find_in (GPtrArray  *list,
                      const char *id);

gboolean
sand_ruleset_read_section (Loader             *loader,
                           xmlNode            *section,
                           const char * const *names,
                           ItemFunc            func,
                           GError            **error);

gboolean
sand_ruleset_check_unique (Loader     *loader,
                           xmlNode    *node,
                           GPtrArray  *list,
                           const char *id,
                           GError    **error);

/* sand-ruleset-sections.c */
gboolean
sand_ruleset_read_root (Loader   *loader,
                        xmlNode  *root,
                        GError  **error);

G_END_DECLS

#!/usr/bin/env bash
# Writes a new model of the catalog beside Movie, with its storage, use cases, commands and
# tests, so that `swift build && swift test` pass at once. `scripts/new-model.sh --help` says how.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PROGRAM="scripts/new-model.sh"

usage() {
  cat <<'HELP'
Usage: scripts/new-model.sh [--dry-run] [--plural NAME] Model attribute:Type[:unique] ...

Writes a model of the catalog beside Movie, and everything it needs:

  Domain/Catalog/<Models>/<Model>.swift              the entity (Codable, Sendable, Hashable,
                                                     Identifiable, with `id: UUID`)
  Domain/Catalog/UseCases/Add<Model>.swift           adding one, with a `validate` stub to fill
  Domain/Catalog/UseCases/List<Models>.swift         listing them
  Data/CatalogStorage/Entities/<Model>+PersistentModel.swift   its table and unique attributes
  App/MoviesCLI/Commands/<Model>{Add,List}Command.swift and CommandGroup+<Model>.swift
                                                     `movies <model> add|list`
  Tests/DomainTests/<Model>UseCaseTests.swift        the use cases on the in-memory repository
  Tests/DataTests/<Model>ContractFixture.swift and <Model>RepositoryContractTests.swift
                                                     the generic repository contract
  Tests/AppTests/<Model>CommandTests.swift           `movies <model> add` then `list`, end to end

and adds one line each to CatalogModels.all and MoviesApplication.commands. The next writable
open of a catalog creates the model's table; no schema version is needed.

Types: String, Int, Double, Bool, Date, UUID; `?` makes one optional (`pages:Int?`);
`:unique` lets no two models share the value (`isbn:String:unique`).

Options:
  --dry-run       list the files it would write and edit, and write nothing
  --plural NAME   the plural of the model's name (default: English rules: Book -> Books)
  -h, --help      this help

Example:
  scripts/new-model.sh Book title:String author:String year:Int isbn:String:unique pages:Int?
  swift build --build-tests && swift test --skip-build --filter Book

A bad specification (an unknown type, a name that is not a Swift identifier, a keyword or
`id`, an attribute twice, a model that exists, no attributes) is an error with exit status 2,
and nothing is written.
HELP
}

fail() {
  echo "$PROGRAM: error: $1" >&2
  exit 2
}

# --- Arguments --------------------------------------------------------------------------------

DRY_RUN=0
PLURAL=""
POSITIONAL=()
while (($#)); do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --dry-run) DRY_RUN=1 ;;
    --plural)
      (($# >= 2)) || fail "--plural needs a name"
      PLURAL="$2"
      shift
      ;;
    --plural=*) PLURAL="${1#--plural=}" ;;
    --) shift; POSITIONAL+=("$@"); break ;;
    -*) fail "unknown option '$1' (see '$PROGRAM --help')" ;;
    *) POSITIONAL+=("$1") ;;
  esac
  shift
done
((${#POSITIONAL[@]} >= 1)) || fail "give a model name and its attributes (see '$PROGRAM --help')"
MODEL="${POSITIONAL[0]}"
SPECS=("${POSITIONAL[@]:1}")

KEYWORDS=" associatedtype borrowing class consume consuming deinit enum extension fileprivate func
  import init inout internal let nonisolated open operator package private precedencegroup protocol
  public rethrows static struct subscript typealias var break case catch continue default defer do
  else fallthrough for guard if in repeat return throw switch where while Any as async await false
  is nil self Self super throws true try some any Type Protocol actor macro "
is_keyword() { [[ " $(echo $KEYWORDS) " == *" $1 "* ]]; }
is_identifier() { [[ "$1" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]]; }

# The model's name: a type name, not one the package or the standard library already has.
is_identifier "$MODEL" || fail "'$MODEL' is not a Swift identifier"
[[ "$MODEL" =~ ^[A-Z][A-Za-z0-9]*$ ]] || fail "the model name '$MODEL' must start with a capital letter and hold only letters and digits"
is_keyword "$MODEL" && fail "the model name '$MODEL' is a Swift keyword"
case " String Int Double Bool Date UUID Data URL Error Array Dictionary Set Optional Result Task Never Entity
  Repository Catalog Persistence Repositories Foundation Testing " in
  *" $MODEL "*) fail "the model name '$MODEL' is a type the package already uses" ;;
esac
if grep -rqsE --include="*.swift" "^\s*(public |package |private |fileprivate )?(final )?(struct|enum|class|actor|protocol|typealias) $MODEL\b" \
  "$ROOT/Domain" "$ROOT/Data" "$ROOT/App" "$ROOT/Tests" "$ROOT/Benchmarks"; then
  fail "a type named '$MODEL' already exists in the package"
fi

# Names derived from the model's: Book -> book, books, Books, book (command), books (table).
upper_first() { printf '%s%s' "$(printf '%s' "${1:0:1}" | tr '[:lower:]' '[:upper:]')" "${1:1}"; }
lower_first() { printf '%s%s' "$(printf '%s' "${1:0:1}" | tr '[:upper:]' '[:lower:]')" "${1:1}"; }
# camelCase or CamelCase to lower words joined by a separator: releaseYear -> release-year.
split_words() { printf '%s' "$1" | sed -E 's/([a-z0-9])([A-Z])/\1'"$2"'\2/g' | tr '[:upper:]' '[:lower:]'; }
if [[ -z "$PLURAL" ]]; then
  case "$MODEL" in
    *s | *x | *z | *ch | *sh) PLURAL="${MODEL}es" ;;
    *[^aeiouAEIOU]y) PLURAL="${MODEL%y}ies" ;;
    *) PLURAL="${MODEL}s" ;;
  esac
fi
[[ "$PLURAL" =~ ^[A-Z][A-Za-z0-9]*$ ]] || fail "the plural '$PLURAL' must start with a capital letter and hold only letters and digits"
[[ "$PLURAL" != "$MODEL" ]] || fail "the plural must differ from the model's name; give one with --plural"
VAR="$(lower_first "$MODEL")"
VARS="$(lower_first "$PLURAL")"
COMMAND="$(split_words "$MODEL" -)"
TABLE="$(split_words "$PLURAL" _)"
WORDS="$(split_words "$MODEL" ' ')"
WORDS_PLURAL="$(split_words "$PLURAL" ' ')"
is_keyword "$VAR" && fail "the model name '$MODEL' gives '$VAR', a Swift keyword"
is_keyword "$VARS" && fail "the plural '$PLURAL' gives '$VARS', a Swift keyword"
[[ "$TABLE" != sqlite_* ]] || fail "the table '$TABLE' would use SQLite's own prefix 'sqlite_'"
# The command group must not take a name that `movies` already has.
EXISTING_COMMANDS="$(
  {
    grep -rhoE 'CommandGroup\("[a-z-]+"' "$ROOT/App/MoviesCLI" | sed -E 's/.*\("//; s/"//'
    grep -rh -A1 'CommandConfiguration($' "$ROOT/App/MoviesCLI/Commands" | grep -oE '^\s*"[a-z-]+", abstract' |
      sed -E 's/^\s*"//; s/",.*//'
    grep -rhoE 'CommandConfiguration\("[a-z-]+", abstract' "$ROOT/App/MoviesCLI/Commands" | sed -E 's/.*\("//; s/",.*//'
  } | sort -u || true
)"
if grep -qx -- "$COMMAND" <<<"$EXISTING_COMMANDS"; then
  fail "'movies $COMMAND' is already a command; choose another model name"
fi

# The attributes: name:Type[?][:unique].
((${#SPECS[@]} >= 1)) || fail "give at least one attribute, such as title:String (see '$PROGRAM --help')"
NAMES=()
TYPES=()
OPTIONAL=()
UNIQUE=()
for spec in "${SPECS[@]}"; do
  IFS=':' read -r -a parts <<<"$spec"
  ((${#parts[@]} >= 2 && ${#parts[@]} <= 3)) || fail "'$spec' is not name:Type or name:Type:unique"
  name="${parts[0]}"
  type="${parts[1]}"
  flag="${parts[2]:-}"
  is_identifier "$name" || fail "the attribute name '$name' (in '$spec') is not a Swift identifier"
  [[ "$name" =~ ^[a-z] ]] || fail "the attribute name '$name' must start with a lowercase letter"
  is_keyword "$name" && fail "the attribute name '$name' is a Swift keyword"
  case "$name" in
    id) fail "'id' is every model's identifier (a UUID, written for you); leave it out" ;;
    hashValue | description | configuration | usage | store | verbose | help | format)
      fail "the attribute name '$name' is taken (by Swift's protocols or the command's own options)" ;;
  esac
  for existing in "${NAMES[@]}"; do
    [[ "$existing" != "$name" ]] || fail "the attribute '$name' is given twice"
    [[ "$(split_words "$existing" -)" != "$(split_words "$name" -)" ]] ||
      fail "the attributes '$existing' and '$name' would have the same option --$(split_words "$name" -)"
  done
  optional=0
  if [[ "$type" == *\? ]]; then
    optional=1
    type="${type%\?}"
  fi
  case "$type" in
    String | Int | Double | Bool | Date | UUID) ;;
    *) fail "unknown type '${parts[1]}' for '$name'; use String, Int, Double, Bool, Date or UUID, with ? for an optional" ;;
  esac
  case "$flag" in
    "") unique=0 ;;
    unique) unique=1 ;;
    *) fail "unknown flag '$flag' in '$spec'; the only one is :unique" ;;
  esac
  [[ "$type$unique" != Bool1 ]] || fail "'$name' cannot be :unique: a Bool has only two values"
  NAMES+=("$name")
  TYPES+=("$type")
  OPTIONAL+=("$optional")
  UNIQUE+=("$unique")
done
COUNT=${#NAMES[@]}

# The attribute the contract test changes: the first that is not unique.
CHANGED=-1
for ((i = 0; i < COUNT; i++)); do
  if ((UNIQUE[i] == 0)); then CHANGED=$i; break; fi
done
((CHANGED >= 0)) || fail "at least one attribute must not be :unique (the contract test changes it)"

# The attribute the list is sorted by, and the contract queries: the first stored, comparable,
# non-optional one (Int, Double, Date, String, UUID in that preference for the contract).
SORTED=-1
QUERIED=-1
for ((i = 0; i < COUNT; i++)); do
  if ((OPTIONAL[i] == 0)) && [[ "${TYPES[i]}" != Bool ]] && ((SORTED < 0)); then SORTED=$i; fi
done
for preferred in Int Double Date String UUID; do
  for ((i = 0; i < COUNT; i++)); do
    if ((OPTIONAL[i] == 0)) && [[ "${TYPES[i]}" == "$preferred" ]] && ((QUERIED < 0)); then QUERIED=$i; fi
  done
done

# --- Files ------------------------------------------------------------------------------------

ENTITY_FILE="Domain/Catalog/$PLURAL/$MODEL.swift"
ADD_FILE="Domain/Catalog/UseCases/Add$MODEL.swift"
LIST_FILE="Domain/Catalog/UseCases/List$PLURAL.swift"
STORAGE_FILE="Data/CatalogStorage/Entities/$MODEL+PersistentModel.swift"
GROUP_FILE="App/MoviesCLI/Commands/CommandGroup+$MODEL.swift"
ADD_COMMAND_FILE="App/MoviesCLI/Commands/${MODEL}AddCommand.swift"
LIST_COMMAND_FILE="App/MoviesCLI/Commands/${MODEL}ListCommand.swift"
DOMAIN_TEST_FILE="Tests/DomainTests/${MODEL}UseCaseTests.swift"
FIXTURE_FILE="Tests/DataTests/${MODEL}ContractFixture.swift"
CONTRACT_TEST_FILE="Tests/DataTests/${MODEL}RepositoryContractTests.swift"
APP_TEST_FILE="Tests/AppTests/${MODEL}CommandTests.swift"
NEW_FILES=(
  "$ENTITY_FILE" "$ADD_FILE" "$LIST_FILE" "$STORAGE_FILE" "$GROUP_FILE" "$ADD_COMMAND_FILE" "$LIST_COMMAND_FILE"
  "$DOMAIN_TEST_FILE" "$FIXTURE_FILE" "$CONTRACT_TEST_FILE" "$APP_TEST_FILE"
)
MODELS_FILE="Data/CatalogStorage/CatalogModels.swift"
APPLICATION_FILE="App/MoviesCLI/MoviesApplication.swift"
EDITED_FILES=("$MODELS_FILE" "$APPLICATION_FILE")

for file in "${NEW_FILES[@]}"; do
  [[ ! -e "$ROOT/$file" ]] || fail "$file already exists; the model '$MODEL' (or one of its files) is there"
done
# The two lists the model joins: each ends with a line "  ]" after the line that opens it.
list_has_end() { awk -v open="$2" 'index($0, open) { inside = 1 } inside && $0 == "  ]" { found = 1; exit } END { exit !found }' "$1"; }
list_has_end "$ROOT/$MODELS_FILE" "static let all:" ||
  fail "cannot find the list 'CatalogModels.all' in $MODELS_FILE"
list_has_end "$ROOT/$APPLICATION_FILE" "static let commands:" ||
  fail "cannot find the list 'MoviesApplication.commands' in $APPLICATION_FILE"

if ((DRY_RUN)); then
  echo "$PROGRAM would write $((${#NEW_FILES[@]})) files and edit ${#EDITED_FILES[@]}:"
  for file in "${NEW_FILES[@]}"; do echo "  write $file"; done
  echo "  edit  $MODELS_FILE (add '$MODEL.self,' to CatalogModels.all)"
  echo "  edit  $APPLICATION_FILE (add '${MODEL}AddCommand.self,' and '${MODEL}ListCommand.self,' to MoviesApplication.commands)"
  exit 0
fi

# --- Swift pieces, one attribute at a time ------------------------------------------------------

swift_type() { # index -> Int or Int?
  if ((OPTIONAL[$1])); then echo "${TYPES[$1]}?"; else echo "${TYPES[$1]}"; fi
}
words() { split_words "${NAMES[$1]}" ' '; }
# An attribute as its documentation and help name it: "The book's title", "Whether the book is active".
describe() {
  if [[ "${TYPES[$1]}" == Bool ]]; then echo "Whether the $WORDS is $(words "$1")"; else echo "The $WORDS's $(words "$1")"; fi
}
option_name() { split_words "${NAMES[$1]}" -; }

# A value of attribute i for the model numbered by the Swift Int expression $2; values of
# different numbers differ.
value() {
  local name="${NAMES[$1]}" number="$2"
  case "${TYPES[$1]}" in
    String) if [[ "$number" =~ ^[0-9]+$ ]]; then echo "\"$name $number\""; else echo "\"$name \\($number)\""; fi ;;
    Int) echo "$number" ;;
    Double) echo "Double($number) + 0.5" ;;
    Bool) echo "$number % 2 == 0" ;;
    Date) echo "Date(timeIntervalSince1970: Double($number) * 86_400)" ;;
    UUID) echo "UUID(fixture: UInt8($number))" ;;
  esac
}

# A value of attribute i that repeats among models (so ties happen), drawn from `generator`.
repeating_value() {
  case "${TYPES[$1]}" in
    String) echo '["alpha", "beta", "gamma"][Int.random(in: 0...2, using: &generator)]' ;;
    Int) echo 'Int.random(in: 0...4, using: &generator)' ;;
    Double) echo 'Double(Int.random(in: 0...4, using: &generator)) / 2' ;;
    Bool) echo 'Bool.random(using: &generator)' ;;
    Date) echo 'Date(timeIntervalSince1970: Double(Int.random(in: 0...4, using: &generator)) * 86_400)' ;;
    UUID) echo 'UUID(fixture: UInt8(Int.random(in: 100...103, using: &generator)))' ;;
  esac
}

# Values of attribute i at the edges of what a store keeps exactly; $2 is 0 or 1 (two edge models).
edge_value() {
  local type="${TYPES[$1]}" which="$2"
  if ((OPTIONAL[$1] && !UNIQUE[$1] && which == 0)); then
    echo nil
    return
  fi
  case "$type,$which" in
    String,0) echo "\"Nul\\u{0}%_\\\\ e\\u{301} ${NAMES[$1]}\"" ;;
    String,1) echo '""' ;;
    Int,0) echo '.min' ;;
    Int,1) echo '.max' ;;
    Double,0) echo '-1.5e300' ;;
    Double,1) echo '1.5e300' ;;
    Bool,0) echo 'true' ;;
    Bool,1) echo 'false' ;;
    Date,0) echo 'Date(timeIntervalSinceReferenceDate: -0.5)' ;;
    Date,1) echo 'Date(timeIntervalSinceReferenceDate: 4_000_000_000.25)' ;;
    UUID,0) echo 'UUID(fixture: 255)' ;;
    UUID,1) echo 'UUID(fixture: 254)' ;;
  esac
}

# A statement that changes attribute i of `changed`, a copy of `model`.
change_statement() {
  local name="${NAMES[$1]}"
  if ((OPTIONAL[$1])); then
    echo "changed.$name = model.$name == nil ? $(value "$1" 1) : nil"
    return
  fi
  case "${TYPES[$1]}" in
    String) echo "changed.$name += \" (changed)\"" ;;
    Bool) echo "changed.$name.toggle()" ;;
    *) echo "changed.$name = model.$name == $(value "$1" 1) ? $(value "$1" 2) : $(value "$1" 1)" ;;
  esac
}

# The text of a value on the command line, for the model numbered 1, and how its JSON reads back.
cli_value() {
  case "${TYPES[$1]}" in
    String) echo "${NAMES[$1]} 1" ;;
    Int) echo 1 ;;
    Double) echo 1.5 ;;
    Bool) echo true ;;
    Date) echo 2001-01-02 ;;
    UUID) echo 00000000-0000-0000-0000-000000000001 ;;
  esac
}
json_check() {
  local key="\"${NAMES[$1]}\""
  case "${TYPES[$1]}" in
    String) echo "row[$key] as? String == \"${NAMES[$1]} 1\"" ;;
    Int) echo "row[$key] as? Int == 1" ;;
    Double) echo "row[$key] as? Double == 1.5" ;;
    Bool) echo "row[$key] as? Bool == true" ;;
    Date) echo "row[$key] as? String == \"2001-01-02T00:00:00Z\"" ;;
    UUID) echo "(row[$key] as? String)?.lowercased() == \"00000000-0000-0000-0000-000000000001\"" ;;
  esac
}

# Each attribute's piece, joined: `$1` is a function of the index, `$2` the separator.
joined() {
  local out="" i
  for ((i = 0; i < COUNT; i++)); do
    out+="${out:+$2}$($1 "$i")"
  done
  printf '%s' "$out"
}
echo_name() { echo "${NAMES[$1]}"; }
model_argument() { echo "${NAMES[$1]}: $(value "$1" "$NUMBER")"; }
edge_argument() { echo "${NAMES[$1]}: $(edge_value "$1" "$EDGE")"; }
fixture_argument() {
  if ((UNIQUE[$1])); then echo "${NAMES[$1]}: $(value "$1" number)"; else
    local value
    value="$(repeating_value "$1")"
    if ((OPTIONAL[$1])); then value="Bool.random(using: &generator) ? $value : nil"; fi
    echo "${NAMES[$1]}: $value"
  fi
}

UNIQUE_NAMES=()
for ((i = 0; i < COUNT; i++)); do
  if ((UNIQUE[i])); then UNIQUE_NAMES+=("${NAMES[i]}"); fi
done
UNIQUE_KEYS="$(for name in "${UNIQUE_NAMES[@]}"; do printf 'UniqueKey(\\.%s), ' "$name"; done)"
UNIQUE_KEYS="${UNIQUE_KEYS%, }"
UNIQUE_PHRASE="$(printf '%s' "${UNIQUE_NAMES[*]:-}" | sed 's/ / or /g')"

write() { # path, from standard input
  mkdir -p "$(dirname "$ROOT/$1")"
  cat >"$ROOT/$1"
  echo "  wrote  $1"
}

echo "$PROGRAM: $MODEL ($PLURAL), $COUNT attributes"

# --- Domain: the entity and its use cases --------------------------------------------------------

{
  echo "public import Foundation"
  echo
  echo "/// A $WORDS of the catalog."
  echo "///"
  echo "/// Written by \`$PROGRAM\`: document what it means, and add its rules to \`Add$MODEL.validate\`."
  echo "public struct $MODEL: Codable, Sendable, Hashable, Identifiable {"
  echo "  /// The $WORDS's stable identifier."
  echo "  public var id: UUID"
  for ((i = 0; i < COUNT; i++)); do
    echo "  /// $(describe "$i")$( ((OPTIONAL[i])) && echo ", if known" || true)$( ((UNIQUE[i])) && echo "; no two ${WORDS_PLURAL} share it" || true)."
    echo "  public var ${NAMES[i]}: $(swift_type "$i")"
  done
  echo
  echo "  /// Creates a $WORDS."
  parameters="id: UUID = UUID()"
  for ((i = 0; i < COUNT; i++)); do
    parameters+=", ${NAMES[i]}: $(swift_type "$i")"
    if ((OPTIONAL[i])); then parameters+=" = nil"; fi
  done
  echo "  public init($parameters) {"
  echo "    self.id = id"
  for ((i = 0; i < COUNT; i++)); do echo "    self.${NAMES[i]} = ${NAMES[i]}"; done
  echo "  }"
  echo "}"
} | write "$ENTITY_FILE"

{
  echo "public import Repositories"
  echo
  echo "/// Adds a new $WORDS to the catalog."
  echo "///"
  echo "/// \`\`\`swift"
  echo "/// let $VAR = try await Add$MODEL($VARS: repository)($MODEL(…))"
  echo "/// \`\`\`"
  echo "public struct Add$MODEL<R: Repository>: Sendable where R.Model == $MODEL {"
  echo "  private let $VARS: R"
  echo
  echo "  /// Creates the use case over a $WORDS repository."
  echo "  public init($VARS: R) { self.$VARS = $VARS }"
  echo
  echo "  /// Validates and stores a $WORDS, returning it as stored."
  echo "  ///"
  echo "  /// - Throws: \`CatalogError.invalidValue\` for a value \`validate(_:)\` refuses,"
  if ((${#UNIQUE_NAMES[@]})); then
    echo "  ///   \`CatalogError.duplicateValue\` when another $WORDS has the same $UNIQUE_PHRASE,"
  fi
  echo "  ///   \`RepositoryError\` if it cannot be stored."
  echo "  public func callAsFunction(_ $VAR: $MODEL) async throws -> $MODEL {"
  echo "    try Self.validate($VAR)"
  if ((${#UNIQUE_NAMES[@]})); then
    echo "    do {"
    echo "      try await $VARS.insert($VAR)"
    echo "    } catch RepositoryError.constraintViolation {"
    echo "      throw CatalogError.duplicateValue(\"another $WORDS has the same $UNIQUE_PHRASE\")"
    echo "    }"
  else
    echo "    try await $VARS.insert($VAR)"
  fi
  echo "    return $VAR"
  echo "  }"
  echo
  echo "  /// The rules a $WORDS follows before it is stored."
  echo "  ///"
  echo "  /// - Throws: \`CatalogError.invalidValue\` naming the first rule the $WORDS breaks."
  echo "  public static func validate(_ $VAR: $MODEL) throws(CatalogError) {"
  echo "    // Scaffold: add your rules here (ranges, lengths, formats)."
  required=0
  for ((i = 0; i < COUNT; i++)); do
    if [[ "${TYPES[i]}" == String ]] && ((!OPTIONAL[i])); then
      ((required)) || echo "    // Required text must not be blank:"
      required=1
      echo "    if $VAR.${NAMES[i]}.trimmed.isEmpty { throw .invalidValue(\"the $WORDS's $(words "$i") must not be empty\") }"
    fi
  done
  ((required)) || echo "    _ = $VAR"
  echo "  }"
  echo "}"
} | write "$ADD_FILE"

if ((SORTED >= 0)); then
  ORDER="${NAMES[SORTED]}"
  ORDER_WORDS="by $(words "$SORTED"), then by id"
  SORT="[SortDescriptor(\\.$ORDER), SortDescriptor(\\.id)]"
else
  ORDER_WORDS="by id"
  SORT="[SortDescriptor(\\.id)]"
fi
{
  echo "import Foundation"
  echo "public import Repositories"
  echo
  echo "/// Lists the catalog's $WORDS_PLURAL."
  echo "public struct List$PLURAL<R: Repository>: Sendable where R.Model == $MODEL {"
  echo "  private let $VARS: R"
  echo
  echo "  /// Creates the use case over a $WORDS repository."
  echo "  public init($VARS: R) { self.$VARS = $VARS }"
  echo
  echo "  /// Returns every $WORDS, $ORDER_WORDS."
  echo "  public func callAsFunction() async throws -> [$MODEL] {"
  echo "    try await $VARS.fetch(FetchDescriptor(sortBy: $SORT))"
  echo "  }"
  echo "}"
} | write "$LIST_FILE"

# --- Data: the storage declaration -----------------------------------------------------------------

{
  echo "public import Catalog"
  echo "public import Foundation"
  echo "public import Persistence"
  echo
  echo "extension $MODEL: PersistentModel {"
  if ((${#UNIQUE_NAMES[@]})); then
    uniques="$(for name in "${UNIQUE_NAMES[@]}"; do printf 'Entity.Unique(\\.%s), ' "$name"; done)"
    echo "  /// ${PLURAL} live in the \`$TABLE\` table; no two share a value of $UNIQUE_PHRASE."
    echo "  public static let entity = Entity<$MODEL>(table: \"$TABLE\", unique: [${uniques%, }])"
  else
    echo "  /// ${PLURAL} live in the \`$TABLE\` table."
    echo "  public static let entity = Entity<$MODEL>(table: \"$TABLE\")"
  fi
  echo "}"
} | write "$STORAGE_FILE"

# --- App: the commands ---------------------------------------------------------------------------

{
  echo "extension CommandGroup {"
  echo "  /// \`movies $COMMAND …\`: the $WORDS commands."
  echo "  static let $VAR = CommandGroup(\"$COMMAND\", abstract: \"Add and list $WORDS_PLURAL.\")"
  echo "}"
} | write "$GROUP_FILE"

option_declaration() {
  local i="$1" name="${NAMES[$1]}" help
  help="$(describe "$i")$( ((OPTIONAL[i])) && echo " (optional)" || true)."
  local value_name
  case "${TYPES[i]}" in
    String) value_name=TEXT ;;
    Int) value_name=N ;;
    Double) value_name=NUMBER ;;
    Bool) value_name=BOOL ;;
    Date) value_name=DATE ;;
    UUID) value_name=ID ;;
  esac
  if [[ "${TYPES[i]}" == Bool ]] && ((!OPTIONAL[i])); then
    echo "  static let $name = Flag(\"$(option_name "$i")\", help: \"$help\")"
  else
    echo "  static let $name = Option<$(swift_type "$i")>(\"$(option_name "$i")\", valueName: \"$value_name\", help: \"$help\")"
  fi
}
{
  echo "import Catalog"
  echo "import Foundation"
  echo
  echo "/// \`movies $COMMAND add\`: adds a $WORDS and prints its id."
  echo "struct ${MODEL}AddCommand: MoviesCommand {"
  echo "  static let configuration = CommandConfiguration("
  echo "    \"add\", in: .$VAR, abstract: \"Add a $WORDS and print its id.\","
  echo "    arguments: [$(joined 'echo_name' ', ')])"
  echo
  for ((i = 0; i < COUNT; i++)); do option_declaration "$i"; done
  echo
  echo "  /// The $WORDS to add, with a new id."
  echo "  let $VAR: $MODEL"
  echo
  echo "  init(_ arguments: CommandArguments) throws(UsageError) {"
  echo "    $VAR = $MODEL("
  for ((i = 0; i < COUNT; i++)); do
    echo "      ${NAMES[i]}: try arguments[Self.${NAMES[i]}]$( ((i < COUNT - 1)) && echo "," || true)"
  done
  echo "    )"
  echo "  }"
  echo
  echo "  func run(in context: CommandContext) async throws {"
  echo "    let $VARS = try await context.openCatalog(creating: true).repository(for: $MODEL.self)"
  echo "    let added = try await Add$MODEL($VARS: $VARS)($VAR)"
  echo "    context.console.line(added.id.uuidString.lowercased())"
  echo "  }"
  echo "}"
} | write "$ADD_COMMAND_FILE"

{
  echo "import Catalog"
  echo
  echo "/// \`movies $COMMAND list\`: lists the $WORDS_PLURAL as a table, JSON or CSV."
  echo "struct ${MODEL}ListCommand: MoviesCommand {"
  echo "  static let configuration = CommandConfiguration("
  echo "    \"list\", in: .$VAR, abstract: \"List the $WORDS_PLURAL, $ORDER_WORDS.\", arguments: [format])"
  echo
  echo "  static let format = RowFormat.option"
  echo
  echo "  let format: RowFormat"
  echo
  echo "  init(_ arguments: CommandArguments) throws(UsageError) {"
  echo "    format = try arguments[Self.format]"
  echo "  }"
  echo
  echo "  func run(in context: CommandContext) async throws {"
  echo "    let $VARS = try await context.openCatalog().repository(for: $MODEL.self)"
  echo "    let rows = try await List$PLURAL($VARS: $VARS)()"
  echo "    try RowOutput(format: format, empty: \"No $WORDS_PLURAL.\").write(rows, to: context.console)"
  echo "  }"
  echo "}"
} | write "$LIST_COMMAND_FILE"

# --- Tests ---------------------------------------------------------------------------------------

FIRST_REQUIRED_TEXT=-1
for ((i = 0; i < COUNT; i++)); do
  if [[ "${TYPES[i]}" == String ]] && ((!OPTIONAL[i] && FIRST_REQUIRED_TEXT < 0)); then FIRST_REQUIRED_TEXT=$i; fi
done
FIRST_UNIQUE=-1
for ((i = 0; i < COUNT; i++)); do
  if ((UNIQUE[i] && FIRST_UNIQUE < 0)); then FIRST_UNIQUE=$i; fi
done

{
  echo "import Catalog"
  echo "import Foundation"
  echo "import Repositories"
  echo "import RepositoryTesting"
  echo "import Testing"
  echo
  echo "/// \`Add$MODEL\` and \`List$PLURAL\` on the in-memory repository, which refuses a duplicate"
  echo "/// unique value as SQLite does."
  echo "@Suite(\"Adding and listing $WORDS_PLURAL\")"
  echo "struct ${MODEL}UseCaseTests {"
  echo "  /// The unique keys \`$MODEL\`'s \`Entity\` declares."
  echo "  let $VARS = InMemoryRepository<$MODEL>(keys: ModelKeys(id: \\.id, unique: [$UNIQUE_KEYS]))"
  echo
  echo "  /// A valid $WORDS whose values, unique ones included, differ from another number's."
  echo "  static func $VAR(_ number: Int) -> $MODEL {"
  NUMBER=number
  echo "    $MODEL(id: UUID(fixture: UInt8(number)), $(joined model_argument ', '))"
  echo "  }"
  echo
  echo "  @Test func added${PLURAL}AreListedInOrder() async throws {"
  echo "    let second = try await Add$MODEL($VARS: $VARS)(Self.$VAR(2))"
  echo "    let first = try await Add$MODEL($VARS: $VARS)(Self.$VAR(1))"
  echo "    #expect(try await List$PLURAL($VARS: $VARS)() == [first, second])"
  echo "  }"
  if ((FIRST_REQUIRED_TEXT >= 0)); then
    name="${NAMES[FIRST_REQUIRED_TEXT]}"
    echo
    echo "  @Test func blank$(upper_first "$name")IsRefusedAndNothingIsStored() async throws {"
    echo "    var $VAR = Self.$VAR(1)"
    echo "    $VAR.$name = \" \""
    echo "    await #expect(throws: CatalogError.invalidValue(\"the $WORDS's $(words "$FIRST_REQUIRED_TEXT") must not be empty\")) {"
    echo "      try await Add$MODEL($VARS: $VARS)($VAR)"
    echo "    }"
    echo "    #expect(try await List$PLURAL($VARS: $VARS)().isEmpty)"
    echo "  }"
  fi
  if ((FIRST_UNIQUE >= 0)); then
    name="${NAMES[FIRST_UNIQUE]}"
    echo
    echo "  @Test func duplicate$(upper_first "$name")IsRefusedAndTheFirstKept() async throws {"
    echo "    let first = try await Add$MODEL($VARS: $VARS)(Self.$VAR(1))"
    echo "    var twin = Self.$VAR(2)"
    echo "    twin.$name = first.$name"
    echo "    await #expect(throws: CatalogError.duplicateValue(\"another $WORDS has the same $UNIQUE_PHRASE\")) {"
    echo "      try await Add$MODEL($VARS: $VARS)(twin)"
    echo "    }"
    echo "    #expect(try await List$PLURAL($VARS: $VARS)() == [first])"
    echo "  }"
  fi
  echo "}"
} | write "$DOMAIN_TEST_FILE"

if ((QUERIED >= 0)); then
  QUERY_TYPE="${TYPES[QUERIED]}"
  QUERY_PATH="\\.${NAMES[QUERIED]}"
else
  QUERY_TYPE=UUID
  QUERY_PATH="\\.id"
fi
{
  echo "import Catalog"
  echo "import Foundation"
  echo "import RepositoryTesting"
  echo
  echo "/// How the generic repository contract makes ${WORDS_PLURAL}: seeded ones whose other values repeat"
  echo "/// (so ties happen), two at the edges of what a store keeps exactly, and a change to one."
  echo "struct ${MODEL}ContractFixture: RepositoryContractFixture {"
  echo "  /// The identifier and the unique keys \`$MODEL\`'s \`Entity\` declares."
  echo "  static let keys = ModelKeys<$MODEL>(id: \\.id, unique: [$UNIQUE_KEYS])"
  echo
  echo "  var keys: ModelKeys<$MODEL> { Self.keys }"
  echo "  var attribute: any KeyPath<$MODEL, $QUERY_TYPE> & Sendable { $QUERY_PATH }"
  echo
  echo "  /// Text with NUL, LIKE wildcards, a backslash and a decomposed accent, or empty; extreme"
  echo "  /// numbers and dates; optionals absent and present."
  echo "  let edgeCases = ["
  EDGE=0
  echo "    $MODEL(id: UUID(fixture: 200), $(joined edge_argument ', ')),"
  EDGE=1
  echo "    $MODEL(id: UUID(fixture: 201), $(joined edge_argument ', ')),"
  echo "  ]"
  echo
  echo "  func model(_ number: Int, using generator: inout SplitMix64) -> $MODEL {"
  echo "    $MODEL(id: UUID(fixture: UInt8(number + 1)), $(joined fixture_argument ', '))"
  echo "  }"
  echo
  echo "  func changing(_ model: $MODEL) -> $MODEL {"
  echo "    var changed = model"
  echo "    $(change_statement "$CHANGED")"
  echo "    return changed"
  echo "  }"
  echo "}"
} | write "$FIXTURE_FILE"

contract_test() { # name, the subject: SQLite on a file, in memory, or the in-memory repository
  echo
  echo "  @Test(arguments: contract.checkNames)"
  echo "  func $1(_ check: String) async throws {"
  echo "    try await Self.contract.run(check) { $2 }"
  echo "  }"
}
{
  echo "import Catalog"
  echo "import CatalogStorage"
  echo "import Persistence"
  echo "import RepositoryTesting"
  echo "import StorageTesting"
  echo "import Testing"
  echo
  echo "/// The repository contract for \`$MODEL\`, with its unit of work, on SQLite on a file, SQLite in"
  echo "/// memory and the in-memory repository: one line per store."
  echo "@Suite(\"Every repository obeys the generic contract for $WORDS_PLURAL\")"
  echo "struct ${MODEL}RepositoryContractTests {"
  echo "  static let contract = RepositoryContract(${MODEL}ContractFixture())"
  echo
  echo "  @Test func fixtureDeclaresTheEntityUniqueKeys() {"
  echo "    let declared = $MODEL.entity.indexes.filter(\\.isUnique).map(\\.columns)"
  echo "    #expect(${MODEL}ContractFixture.keys.unique.map(\\.attributes) == declared)"
  echo "  }"
  contract_test sqliteOnAFile "try .sqliteFile(for: [$MODEL.self])"
  contract_test sqliteInMemory "try .sqliteInMemory(for: [$MODEL.self])"
  contract_test inMemoryRepository ".inMemory(keys: ${MODEL}ContractFixture.keys)"
  echo "}"
} | write "$CONTRACT_TEST_FILE"

cli_arguments() {
  local i="$1"
  if [[ "${TYPES[i]}" == Bool ]] && ((!OPTIONAL[i])); then
    echo "\"--$(option_name "$i")\""
  else
    local text
    text="$(cli_value "$i")"
    if ((i == BLANK)); then text=" "; fi
    echo "\"--$(option_name "$i")\", \"$text\""
  fi
}
json_expectation() { echo "    #expect($(json_check "$1"))"; }
{
  echo "import Foundation"
  echo "import Testing"
  echo
  echo "/// \`movies $COMMAND add\` and \`movies $COMMAND list\`, run as a person or a script runs them."
  echo "@Suite(\"movies $COMMAND, end to end\")"
  echo "struct ${MODEL}CommandTests {"
  echo "  let movies: MoviesProcess"
  echo
  echo "  init() throws { movies = try MoviesProcess() }"
  echo
  echo "  /// Adds the $WORDS numbered 1 and returns what \`$COMMAND add\` printed."
  echo "  private func add() async throws -> MoviesProcess.Result {"
  BLANK=-1
  echo "    try await movies.run([\"$COMMAND\", \"add\", $(joined cli_arguments ', ')])"
  echo "  }"
  echo
  echo "  /// The rows of \`$COMMAND list --format json\`."
  echo "  private func listed() async throws -> [[String: Any]] {"
  echo "    let result = try await movies.run([\"$COMMAND\", \"list\", \"--format\", \"json\"])"
  echo "    guard result.status == 0 else { throw ProcessFailure(result: result) }"
  echo "    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []"
  echo "  }"
  echo
  echo "  @Test func anAdded${MODEL}IsListedAsJSON() async throws {"
  echo "    let added = try await add()"
  echo "    #expect(added.status == 0, \"\\(added.stderr)\")"
  echo "    let rows = try await listed()"
  echo "    #expect(rows.count == 1)"
  echo "    let row = try #require(rows.first)"
  echo "    #expect(row[\"id\"] as? String == added.stdout.trimmingCharacters(in: .whitespacesAndNewlines))"
  for ((i = 0; i < COUNT; i++)); do json_expectation "$i"; done
  echo "  }"
  if ((FIRST_REQUIRED_TEXT >= 0)); then
    echo
    echo "  @Test func blankTextIsBadUsageAndWritesNothing() async throws {"
    BLANK=$FIRST_REQUIRED_TEXT
    echo "    let refused = try await movies.run([\"$COMMAND\", \"add\", $(joined cli_arguments ', ')])"
    echo "    #expect(refused.status == 2)"
    echo "    #expect(refused.stderr.contains(\"must not be empty\"))"
    echo "    #expect(!FileManager.default.fileExists(atPath: movies.defaultStore.path))"
    echo "  }"
  fi
  if ((FIRST_UNIQUE >= 0)); then
    echo
    echo "  @Test func aDuplicateUniqueValueFailsAndKeepsTheFirst() async throws {"
    echo "    #expect(try await add().status == 0)"
    echo "    let refused = try await add()"
    echo "    #expect(refused.status == 1)"
    echo "    #expect(refused.stderr.contains(\"another $WORDS has the same\"))"
    echo "    #expect(try await listed().count == 1)"
    echo "  }"
  fi
  echo "}"
} | write "$APP_TEST_FILE"

# --- The two lists the model joins ---------------------------------------------------------------

insert_before_end() { # file, the text that opens the list, lines to insert before its "  ]"
  local file="$ROOT/$1" open="$2" lines="$3" temporary
  temporary="$(mktemp "$file.XXXXXX")"
  awk -v open="$open" -v lines="$lines" '
    index($0, open) { inside = 1 }
    inside && $0 == "  ]" { print lines; inside = 0 }
    { print }' "$file" >"$temporary"
  mv "$temporary" "$file"
  echo "  edited $1"
}
insert_before_end "$MODELS_FILE" "static let all:" "    $MODEL.self,"
insert_before_end "$APPLICATION_FILE" "static let commands:" "    ${MODEL}AddCommand.self,
    ${MODEL}ListCommand.self,"

# The house style, where the toolchain has swift-format.
if swift format --version >/dev/null 2>&1; then
  (cd "$ROOT" && swift format --in-place "${NEW_FILES[@]}")
fi

echo "Next: swift build --build-tests && swift test --skip-build --filter '$MODEL|$PLURAL'"

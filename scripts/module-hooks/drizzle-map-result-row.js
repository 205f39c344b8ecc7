// Spliced into drizzle-orm/utils.js in place of its mapResultRow by scripts/module-hooks.ts (decision
// 0052). Same answers; what it decides per column (the decoder, whether it is a table column, its table)
// is worked out once per query's column list, not again for every row, and the path is walked without an
// iterator and an entry array per value. `is`, `Column`, `SQL`, `Subquery` and `getTableName` are
// utils.js's own imports.
const rowPlans = new WeakMap();
function rowPlan(columns) {
  let plan = rowPlans.get(columns);
  if (plan === undefined) {
    plan = columns.map(({ path, field }) => {
      const isColumn = is(field, Column);
      let decoder;
      if (isColumn) {
        decoder = field;
      } else if (is(field, SQL)) {
        decoder = field.decoder;
      } else if (is(field, Subquery)) {
        decoder = field._.sql.decoder;
      } else {
        decoder = field.sql.decoder;
      }
      return {
        path,
        decoder,
        isColumn,
        last: path[path.length - 1],
        tableName: isColumn ? getTableName(field.table) : undefined,
      };
    });
    rowPlans.set(columns, plan);
  }
  return plan;
}
function mapResultRow(columns, row, joinsNotNullableMap) {
  const nullifyMap = {};
  const result = {};
  const plan = rowPlan(columns);
  for (let columnIndex = 0; columnIndex < plan.length; columnIndex++) {
    const { path, decoder, isColumn, last, tableName } = plan[columnIndex];
    let node = result;
    for (let i = 0; i < path.length - 1; i++) {
      const pathChunk = path[i];
      if (!(pathChunk in node)) {
        node[pathChunk] = {};
      }
      node = node[pathChunk];
    }
    const rawValue = row[columnIndex];
    const value = (node[last] = rawValue === null ? null : decoder.mapFromDriverValue(rawValue));
    if (joinsNotNullableMap && isColumn && path.length === 2) {
      const objectName = path[0];
      if (!(objectName in nullifyMap)) {
        nullifyMap[objectName] = value === null ? tableName : false;
      } else if (typeof nullifyMap[objectName] === 'string' && nullifyMap[objectName] !== tableName) {
        nullifyMap[objectName] = false;
      }
    }
  }
  if (joinsNotNullableMap && Object.keys(nullifyMap).length > 0) {
    for (const [objectName, tableName] of Object.entries(nullifyMap)) {
      if (typeof tableName === 'string' && !joinsNotNullableMap[tableName]) {
        result[objectName] = null;
      }
    }
  }
  return result;
}

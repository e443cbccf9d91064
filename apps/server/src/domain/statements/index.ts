export { downloadStatement, STATEMENT_NAME_INVALID } from './download-statement.js';
export { issueStatement, type IssueOutcome } from './issue-statement.js';
export { listStatements } from './list-statements.js';
export { statementFileName } from './file-name.js';
export { renderStatementPdf } from './render-statement.js';
export {
  computeStatementLines,
  PRIOR_PERIOD_CORRECTION,
  type StatementContent,
} from './statement-content.js';

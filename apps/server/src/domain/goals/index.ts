export { createGoal, listGoals, updateGoal, deleteGoal } from './manage-goals.js';
export { listStudentsGoals } from './students-goals.js';

export { createGoal, listGoals, updateGoal, deleteGoal } from './manage-goals.js';

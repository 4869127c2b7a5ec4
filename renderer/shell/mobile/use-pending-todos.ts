import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useServices } from '../services.tsx';

/**
 * The member's pending to-dos for the tab bar's badge (GET /api/workflow/todo/counts), or 0 when he may not open
 * the to-dos. Asked again when a message arrives (`signal`: every new to-do is one), when the page changes (after
 * approving one, the member goes back to the list) and when the window regains focus.
 */
export function usePendingTodos(enabled: boolean, signal: unknown): number {
  const { api } = useServices();
  const page = useLocation().key;
  const [todo, setTodo] = useState(0);
  const refresh = useCallback(async () => {
    if (!enabled) return setTodo(0);
    try {
      setTodo((await api.get<{ todo: number }>('/api/workflow/todo/counts')).data.todo);
    } catch {
      // Kept as it was: a badge is a hint, the to-do list is the truth.
    }
  }, [api, enabled]);
  useEffect(() => void refresh(), [refresh, signal, page]);
  useEffect(() => {
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refresh]);
  return todo;
}

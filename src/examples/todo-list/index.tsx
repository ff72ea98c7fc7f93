import { useId, useState, type FormEvent } from 'react';
import { atom, atomFamily, makeStore, selector } from '@rkrupinski/stan';
import { StanProvider, useSetStanValue, useStan, useStanValue } from '@rkrupinski/stan/react';
import * as styles from './styles.module.css';

type Todo = { id: number; title: string };

// The list holds ids and titles; whether a todo is done lives in one atom per id.
const todoList = atom<Todo[]>([], { tag: 'todo-list' });

const todoDone = atomFamily<boolean, number>(false, {
  tag: (id) => `todo-done-${id}`,
});

// Reads the list and then one family member per todo: all of them become dependencies.
const remaining = selector(
  ({ get }) => get(todoList).filter((todo) => !get(todoDone(todo.id))).length,
  { tag: 'remaining' },
);

let nextId = 1;

function AddTodo() {
  const inputId = useId();
  const setTodos = useSetStanValue(todoList);
  const [title, setTitle] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') return;
    setTodos((todos) => [...todos, { id: nextId++, title: trimmed }]);
    setTitle('');
  };

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <label htmlFor={inputId}>New todo</label>
      <input
        id={inputId}
        className={styles.input}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <button type="submit" className={styles.primary}>
        Add
      </button>
    </form>
  );
}

function TodoItem({ todo }: { todo: Todo }) {
  const [done, setDone] = useStan(todoDone(todo.id));
  const setTodos = useSetStanValue(todoList);

  return (
    <li className={styles.item}>
      <label className={done ? styles.done : undefined}>
        <input
          type="checkbox"
          checked={done}
          onChange={(event) => setDone(event.target.checked)}
        />{' '}
        {todo.title}
      </label>
      <button
        type="button"
        className={styles.secondary}
        aria-label={`Delete "${todo.title}"`}
        onClick={() => setTodos((todos) => todos.filter((t) => t.id !== todo.id))}
      >
        Delete
      </button>
    </li>
  );
}

function TodoList() {
  const todos = useStanValue(todoList);

  if (todos.length === 0) return <p className={styles.empty}>Nothing to do yet.</p>;

  return (
    <ul className={styles.list} aria-label="Todos">
      {todos.map((todo) => (
        <TodoItem key={todo.id} todo={todo} />
      ))}
    </ul>
  );
}

function Summary() {
  const total = useStanValue(todoList).length;
  const left = useStanValue(remaining);

  return (
    <p className={styles.summary} role="status">
      {left} of {total} left
    </p>
  );
}

export default function TodoListExample() {
  const [store] = useState(makeStore);

  return (
    <StanProvider store={store}>
      <AddTodo />
      <TodoList />
      <Summary />
    </StanProvider>
  );
}

// Add New Feature tab: name and category are required, the description is optional. A new
// feature is in no plan until it is switched on in the matrix.
import { Button, Input, Label, Textarea, toast } from '@omega/ui';
import { type FormEvent, useId, useState } from 'react';
import { useFeatures } from '../../../lib/catalogue.js';
import { useFeatureManagerActions } from '../api/admin-api.js';
import { failureToast } from './failure-toast.js';

interface Errors {
  name?: string;
  category?: string;
}

export function AddFeatureForm() {
  const { addFeature } = useFeatureManagerActions();
  const { data: features } = useFeatures();
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const categories = [...new Set((features ?? []).map((f) => f.category))].sort();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = 'Name is required';
    if (!category.trim()) next.category = 'Category is required';
    setErrors(next);
    if (next.name || next.category) return;
    setBusy(true);
    try {
      await addFeature(name.trim(), category.trim(), description.trim());
      toast({ title: 'Feature added' });
      setName('');
      setCategory('');
      setDescription('');
    } catch (err) {
      failureToast('Failed to add feature', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="omega-form omega-admin__form" onSubmit={submit} noValidate>
      <div className="omega-field">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={80}
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {errors.name && (
          <p id={`${id}-name-error`} className="omega-field__error" role="alert">
            {errors.name}
          </p>
        )}
      </div>
      <div className="omega-field">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <Input
          id={`${id}-category`}
          value={category}
          maxLength={40}
          required
          list={`${id}-categories`}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${id}-category-error` : undefined}
          onChange={(e) => setCategory(e.target.value)}
        />
        <datalist id={`${id}-categories`}>
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        {errors.category && (
          <p id={`${id}-category-error`} className="omega-field__error" role="alert">
            {errors.category}
          </p>
        )}
      </div>
      <div className="omega-field">
        <Label htmlFor={`${id}-description`}>Description (optional)</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <Button type="submit" loading={busy}>
        Add Feature
      </Button>
    </form>
  );
}

-- Announcements (`/news/list`, `/news/show`) and help articles (`/qpaas/helpCenter`): the platform operator's
-- content for every space and for guests (issue 15, decision 0063). Platform tables like `spaces`: no space column,
-- no row-level security; the app role only reads them — their editors are the operator console's (issue 17).
create table platform_article (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('news', 'help')),
  -- Help articles sit under a category (getting started, forms, workflow…); announcements under none.
  category text check ((kind = 'help') = (category is not null)),
  title_zh text not null check (char_length(title_zh) between 1 and 120),
  title_en text not null check (char_length(title_en) between 1 and 200),
  summary_zh text not null default '' check (char_length(summary_zh) <= 300),
  summary_en text not null default '' check (char_length(summary_en) <= 600),
  -- Plain text; blank lines separate paragraphs. Never HTML: the pages draw it as text.
  body_zh text not null check (char_length(body_zh) <= 20000),
  body_en text not null check (char_length(body_en) <= 40000),
  pinned boolean not null default false,
  sort integer not null default 0,
  published_at timestamptz not null default now(),
  hidden boolean not null default false
);
create index platform_article_news on platform_article (published_at desc, id desc) where kind = 'news' and not hidden;
create index platform_article_help on platform_article (category, sort, id) where kind = 'help' and not hidden;
grant select on platform_article to qpaas_app;

insert into platform_article (kind, category, title_zh, title_en, summary_zh, summary_en, body_zh, body_en, pinned, sort, published_at) values
('news', null, '平台 23.12 版本发布', 'Platform release 23.12',
 '流程引擎、消息中心与组织管理全面上线。', 'The workflow engine, the message centre and organisation administration are live.',
 E'本次版本带来了表单上的流程引擎：流程设计、十三种流程操作、待办与代理。\n\n消息中心把待办、催办、抄送与通知统一送达网页、桌面托盘、邮件和短信。\n\n组织管理提供部门、岗位、角色、成员与通讯录。',
 E'This release brings the workflow engine on forms: the process designer, all thirteen workflow actions, to-dos and agents.\n\nThe message centre delivers to-dos, urges, CCs and notices to the web, the desktop tray, e-mail and SMS alike.\n\nOrganisation administration offers departments, posts, roles, members and the address book.',
 true, 0, now() - interval '2 days'),
('news', null, '计划维护通知', 'Planned maintenance',
 '本周六 22:00–23:00 进行数据库升级。', 'A database upgrade runs this Saturday from 22:00 to 23:00.',
 E'为提升性能，平台将于本周六 22:00–23:00 进行数据库升级。\n\n维护期间平台将显示维护页面，桌面端的离线缓存可继续查看最近打开的记录。',
 E'To improve performance, the platform upgrades its database this Saturday from 22:00 to 23:00.\n\nDuring the maintenance the platform shows its maintenance page; the desktop''s offline cache still shows recently opened records.',
 false, 0, now() - interval '5 days'),
('news', null, '桌面客户端支持设备直连', 'The desktop app links devices directly',
 '车间电脑可通过 MQTT 直接连接设备。', 'Shop-floor PCs can link devices over MQTT directly.',
 E'桌面客户端现在可以在车间电脑上直接通过 MQTT 连接设备，并把数据写入平台。\n\n在设备管理中配置连接即可。',
 E'The desktop app can now link devices over MQTT directly from a shop-floor PC and write their values into the platform.\n\nConfigure the link under IoT devices.',
 false, 0, now() - interval '12 days'),
('help', 'start', '第一次登录', 'Signing in for the first time',
 '从登录到工作台。', 'From sign-in to the workbench.',
 E'使用管理员给你的账号和密码登录。首次登录后建议在“个人设置 › 账号安全”中修改密码并开启两步验证。\n\n登录后进入工作台：这里有你的门户、待办和常用应用。',
 E'Sign in with the account and password your administrator gave you. After the first sign-in, change your password and turn on two-step verification under Personal settings › Account security.\n\nAfter signing in you reach the workbench: your portal, your to-dos and the apps you use.',
 false, 1, now()),
('help', 'start', '切换企业空间', 'Switching between enterprise spaces',
 '一个账号可以属于多个企业。', 'One account may belong to several enterprises.',
 E'点击右上角的头像，在“切换企业”中选择另一个企业空间。每个企业的数据相互隔离。',
 E'Click your avatar at the top right and choose another space under “Switch enterprise”. Each enterprise''s data is kept apart from the others''.',
 false, 2, now()),
('help', 'forms', '创建第一个表单', 'Creating your first form',
 '在应用中心设计表单并发布。', 'Design a form in the application centre and publish it.',
 E'在应用中心打开一个应用，点击“新建表单”，把字段从左侧拖入画布，设置必填与格式，然后发布。\n\n发布后，有权限的成员即可新建和查看记录。',
 E'Open an application in the application centre, click “New form”, drag fields from the left onto the canvas, set what is required and its format, then publish.\n\nOnce published, members with permission can create and view records.',
 false, 1, now()),
('help', 'workflow', '提交与审批流程', 'Submitting and approving a workflow',
 '待办、同意、退回与转交。', 'To-dos, approving, returning and entrusting.',
 E'表单设置了流程后，新建记录即提交流程。审批人在流程中心的待办中处理：同意、退回、转交或抄送。\n\n审批意见最多 60 个字。',
 E'When a form has a workflow, creating a record submits it. Approvers handle it from their to-dos in the process centre: approve, return, entrust or CC.\n\nOpinions are at most 60 characters.',
 false, 1, now());

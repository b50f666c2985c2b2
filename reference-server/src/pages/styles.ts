import { defineAsset } from './assets.js';

/**
 * The one stylesheet of every server-rendered page, after the GOV.UK Design System's patterns:
 * large readable text, a thick yellow focus ring, error colours with text (never colour alone),
 * 44 px touch targets, and a single column that holds at 320 px wide.
 */
const CSS = `
:root{--ink:#0b0c0c;--muted:#505a5f;--line:#b1b4b6;--brand:#1d4ed8;--brand-dark:#1e3a8a;--bg:#f3f2f1;--danger:#d4351c;--ok:#00703c;--focus:#ffdd00}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;background:var(--bg)}
body{margin:0;font:19px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:#fff;min-height:100vh;display:flex;flex-direction:column}
.skip-link{position:absolute;left:-9999px;top:0;padding:10px 15px;background:var(--focus);color:var(--ink)}
.skip-link:focus{left:0;z-index:10}
.site-header{background:var(--ink);color:#fff;border-bottom:8px solid var(--brand)}
.site-header .container{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 16px;padding-top:12px;padding-bottom:12px}
.site-header .product{font-weight:700;font-size:22px;color:#fff;text-decoration:none}
.site-header .service{font-size:18px;color:#fff}
.container{width:100%;max-width:960px;margin:0 auto;padding-left:15px;padding-right:15px}
main{flex:1;padding-top:30px;padding-bottom:50px}
.narrow{max-width:660px}
h1,.h1{font-size:32px;line-height:1.15;margin:0 0 24px;font-weight:700}
h1.long-words{overflow-wrap:anywhere}
h2,.h2{font-size:24px;line-height:1.2;margin:32px 0 16px;font-weight:700}
h3{font-size:19px;margin:24px 0 12px}
p{margin:0 0 20px}
.lead{font-size:22px}
.caption{display:block;color:var(--muted);font-size:19px;margin-bottom:6px;font-weight:400}
.muted{color:var(--muted)}
a{color:var(--brand);text-decoration-thickness:1px;text-underline-offset:.15em}
a:hover{color:var(--brand-dark);text-decoration-thickness:3px}
a:focus{outline:3px solid transparent;background-color:var(--focus);box-shadow:0 -2px var(--focus),0 4px var(--ink);color:var(--ink);text-decoration:none}
[tabindex]:focus{outline:3px solid var(--focus);outline-offset:0}
main:focus,fieldset:focus{outline:none}
input:focus,textarea:focus,select:focus{background-color:#fff;box-shadow:inset 0 0 0 2px var(--ink);outline:3px solid var(--focus);outline-offset:0}
.form-group{margin-bottom:30px}
.form-group.has-error{border-left:5px solid var(--danger);padding-left:15px}
label,.label{display:block;font-weight:700;margin-bottom:5px}
.hint{display:block;color:var(--muted);margin-bottom:15px}
.error-message{display:block;color:var(--danger);font-weight:700;margin-bottom:15px}
input[type=text],input[type=email],input[type=password],input[type=number],input[type=date],input[type=url],select,textarea{font:inherit;width:100%;max-width:30em;min-height:44px;padding:5px 8px;border:2px solid var(--ink);border-radius:0;background:#fff;color:var(--ink)}
textarea{min-height:120px}
textarea.code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;line-height:1.45;max-width:100%;white-space:pre;overflow-x:auto;tab-size:2}
.has-error input,.has-error textarea,.has-error select{border-color:var(--danger)}
fieldset{margin:0;padding:0;border:0;min-width:0}
legend{font-weight:700;margin-bottom:10px;padding:0;max-width:100%;white-space:normal}
.scale{display:grid;grid-template-columns:repeat(6,minmax(0,56px));gap:6px;margin:0;padding:0}
.scale .choice{position:relative}
.scale input{position:absolute;inset:0;width:100%;height:100%;opacity:0;margin:0;cursor:pointer}
.scale label{display:grid;place-items:center;width:100%;min-height:44px;margin:0;border:2px solid var(--ink);font-weight:700;cursor:pointer;background:#fff}
.scale input:checked+label{background:var(--ink);color:#fff}
.scale input:focus+label{outline:3px solid var(--focus);outline-offset:0;box-shadow:0 0 0 6px var(--ink)}
.scale-ends{display:flex;justify-content:space-between;max-width:366px;font-size:16px;color:var(--muted);margin-top:6px}
.radios .choice{display:flex;align-items:center;gap:10px;min-height:44px;margin-bottom:6px}
.radios input{width:28px;height:28px;margin:0;accent-color:var(--ink)}
.radios label{font-weight:400;margin:0}
.button{display:inline-block;font:inherit;font-weight:400;line-height:1.2;min-height:44px;padding:10px 16px;margin:0 12px 20px 0;border:2px solid transparent;border-radius:0;cursor:pointer;text-decoration:none;text-align:center;box-shadow:0 2px 0 #002d18;background:var(--ok);color:#fff}
.button:hover{background:#005a30;color:#fff}
.button.secondary{background:#f3f2f1;color:var(--ink);box-shadow:0 2px 0 #929191}
.button.secondary:hover{background:#dbdad9}
.button.warning{background:var(--danger);box-shadow:0 2px 0 #55150b}
.button:focus{background:var(--focus);color:var(--ink);box-shadow:0 2px 0 var(--ink);border-color:var(--focus)}
.button-group{display:flex;flex-wrap:wrap;align-items:center;gap:0 12px}
.error-summary{border:5px solid var(--danger);padding:20px;margin-bottom:30px}
.error-summary h2{margin-top:0}
.error-summary ul{margin:0;padding:0;list-style:none}
.error-summary li{margin-bottom:8px}
.error-summary a{color:var(--danger);font-weight:700}
.notice{border:5px solid var(--brand);padding:15px 20px;margin-bottom:30px}
.notice.success{border-color:var(--ok)}
.panel{background:var(--ok);color:#fff;padding:30px 25px;margin-bottom:30px;text-align:center}
.panel h1{margin-bottom:12px}
.panel .reference{font-size:24px;font-weight:700;overflow-wrap:anywhere}
.inset{border-left:10px solid var(--line);padding:15px;margin:0 0 30px}
.criterion{border-left:10px solid var(--line);padding:0 0 15px 15px;margin:0 0 30px}
.criterion>legend{font-size:24px}
.progress{margin:0 0 30px}
.progress label{font-weight:400}
.progress progress{display:block;width:100%;height:14px;accent-color:var(--ok)}
.steps{list-style:none;margin:0 0 30px;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.steps li{font-size:16px;padding:4px 8px;border:2px solid var(--line)}
.steps li[aria-current=step]{border-color:var(--ink);font-weight:700}
.steps li.done{border-color:var(--ok)}
.summary-list{margin:0 0 30px;padding:0}
.summary-list div{display:flex;flex-wrap:wrap;gap:0 20px;border-bottom:1px solid var(--line);padding:10px 0}
.summary-list dt{font-weight:700;flex:0 0 30%;min-width:10em}
.summary-list dd{margin:0;flex:1;min-width:0;overflow-wrap:anywhere}
.tag{display:inline-block;padding:2px 8px;font-size:16px;font-weight:700;background:#d2e2f1;color:#0b0c0c;white-space:nowrap}
.tag.green{background:#cce2d8;color:#005a30}
.tag.red{background:#f6d7d2;color:#942514}
.tag.grey{background:#eeefef;color:#383f43}
.tag.yellow{background:#fff7bf;color:#594d00}
table{width:100%;border-collapse:collapse;margin-bottom:30px}
th,td{text-align:left;padding:10px 20px 10px 0;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:break-word}
th{overflow-wrap:normal;hyphens:manual}
td.id{overflow-wrap:anywhere}
td.email{overflow-wrap:break-word;word-break:normal}
code.dotted{overflow-wrap:normal;word-break:normal}
td.nowrap,td.numeric{white-space:nowrap}
th.numeric,td.numeric{text-align:right;font-variant-numeric:tabular-nums}
.table-scroll{overflow-x:auto}
.workspace-bar{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:0 20px}
.workspace-nav{list-style:none;margin:0 0 30px;padding:0 0 10px;display:flex;flex-wrap:wrap;gap:8px 24px;border-bottom:1px solid var(--line)}
.nav-menu>summary{min-height:44px;padding:10px 0;margin-bottom:10px;font-weight:700;cursor:pointer;color:var(--brand)}
@supports selector(::details-content){@media (min-width:641px){.nav-menu>summary{display:none}.nav-menu::details-content{content-visibility:visible;display:contents}}}
.explain dt{font-weight:700}.explain dd{margin:0 0 12px}
.explain>summary{min-height:24px;padding:6px 0;cursor:pointer}
.workspace-nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
.snippet{background:var(--bg);border-left:5px solid var(--line);padding:15px;margin:0 0 30px;overflow-x:auto;font-size:16px;white-space:pre-wrap;overflow-wrap:anywhere}
.radios .choice .hint{flex-basis:100%;margin:0 0 6px 38px}
.radios .choice:has(.hint){flex-wrap:wrap}
.actions{display:flex;flex-wrap:wrap;gap:0 20px;margin-bottom:20px}
.wrap{white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-all}
.filters{display:flex;flex-wrap:wrap;gap:0 20px;align-items:flex-end}
.filters .form-group{margin-bottom:20px}
.filters select,.filters input{max-width:16em}
.secret{display:block;font-family:ui-monospace,monospace;max-width:100%!important;min-height:44px!important;margin-bottom:10px;resize:none;field-sizing:content;word-break:break-all;overflow-wrap:anywhere}
.copy-button{margin-bottom:10px}
.advice{margin:8px 0 0}.advice dt{font-weight:700}.advice dd{margin:0 0 8px}
.steps-list{padding-left:1.2em}.steps-list>li{margin-bottom:20px}.steps-list code,.advice code{overflow-wrap:anywhere}
.site-footer{border-top:1px solid var(--line);background:var(--bg);padding:25px 0;font-size:16px;color:var(--muted)}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;clip-path:inset(50%)!important;border:0!important;white-space:nowrap!important}
/* Tables stack below 800 px: five columns of 19 px text do not fit a 700 px column. */
@media (max-width:800px){table.stacking thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}table.stacking,table.stacking tbody,table.stacking tr,table.stacking td{display:block;width:100%}table.stacking tr{border-bottom:1px solid var(--line);padding:8px 0}table.stacking td{display:grid;grid-template-columns:minmax(min-content,35%) minmax(0,1fr);gap:0 12px;border:0;padding:4px 0;text-align:left;white-space:normal;overflow-wrap:anywhere}table.stacking td.email{overflow-wrap:break-word}table.stacking td::before{content:attr(data-label);content:attr(data-label) / "";font-weight:700;overflow-wrap:normal}}
@media (max-width:640px){.workspace-nav{flex-direction:column;gap:4px}.workspace-nav a{display:inline-block;padding:8px 0}}
@media (max-width:640px){body{font-size:16px}h1,.h1{font-size:27px}h2,.h2{font-size:21px}.lead{font-size:19px}main{padding-top:20px}.button{width:100%;margin-right:0}.summary-list dt{flex-basis:100%}}
`;

export const STYLESHEET = defineAsset('pages', 'css', CSS);

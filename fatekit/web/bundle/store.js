/* fatekit page bundle of sources 60c435d7b13f0298abdd8421d3e928a2402cba3ddfeaab80e7cfd699a32f611e */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-M2IVCSN7.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
